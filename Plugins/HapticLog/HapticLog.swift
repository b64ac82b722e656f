import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.renderTarget(HapticLog.self, id: "org.sensebridge.haptic-log", version: "1.0.0")
}

/// Writes every cue as one JSON line: wall-clock and session time, sequence, signal and
/// the pattern as an AHAP document — what a haptic device would have played, in a form
/// any AHAP player can replay and any tool can check.
///
/// Which pattern a signal gets is decided in SenseBridgeCore (`HapticCue.init(signal:)`),
/// not here, so every haptic target feels the same.
public final class HapticLog: RenderTargetPlugin {
    struct Settings: Decodable {
        var path: String?
    }

    static let defaultPath = "{output}/haptics.jsonl"
    private let file: JSONLinesFile
    private let host: HostServices
    private let interruption = Interruption()

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        try ConfigKeys.requireOnly(["path"], in: config)
        let settings = try config.decode(Settings.self)
        let template = settings.path ?? Self.defaultPath
        guard !template.isEmpty else { throw PluginError.invalidConfig("Config key 'path' is empty; give the haptic log's file path.") }
        let path = OutputPathTemplate.resolve(template, environment: ProcessInfo.processInfo.environment)
        file = try JSONLinesFile(path: path, describedAs: "haptic log", isOurs: Self.isHapticLogLine)
        host.log(.info, "haptic_log.opened", [("path", .private(path))])
    }

    /// A cue is one line in one write(2), so the write is the only place a render can stop
    /// without tearing a line: an interrupt that lands before it skips the cue (the alert
    /// that caused the interrupt follows at once), one that lands after it is too late and
    /// the cue counts as delivered.
    public func render(_ message: OutputMessage) throws {
        interruption.begin()
        defer { interruption.end() }
        let pattern = HapticPattern.forSignal(message.signal)
        let line = HapticLogLine.encode(wallClock: Date().timeIntervalSince1970, message: message, pattern: pattern)
        if interruption.isRequested { throw PluginError(.cancelled, "The haptic cue was interrupted before it was written.") }
        try file.append(line)
    }

    /// Cuts off the render in progress if its cue is not yet written; with no render in
    /// progress it is ignored, as the header says.
    public func interrupt() {
        interruption.request()
    }

    static func isHapticLogLine(_ line: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
        return object["signal"] is String && object["ahap"] is [String: Any]
    }
}

/// Whether the render in progress was asked to stop. An interrupt applies to the render
/// in progress only: one with no render in progress is ignored, as the header says, so a
/// late interrupt cannot cut off the next cue. `begin` clears what an earlier render left.
/// Unchecked Sendable: both flags are read and written only under `lock`.
final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var rendering = false
    private var requested = false

    func begin() { lock.withLock { rendering = true; requested = false } }
    func end() { lock.withLock { rendering = false; requested = false } }
    func request() { lock.withLock { if rendering { requested = true } } }
    var isRequested: Bool { lock.withLock { requested } }
}

enum ConfigKeys {
    /// A misspelt key would otherwise be ignored and its setting silently lost.
    static func requireOnly(_ known: Set<String>, in config: PluginConfig) throws {
        for key in try config.object().keys.sorted() where !known.contains(key) {
            throw PluginError.invalidConfig("Config key '\(key)' is not a setting of this plugin; known keys: \(known.sorted().joined(separator: ", ")).")
        }
    }
}
