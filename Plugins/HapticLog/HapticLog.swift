import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.renderTarget(HapticLog.self, id: "org.sensebridge.haptic-log", version: "1.0.0", abiMinor: 7)
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

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        try config.requireOnly(["path"])
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
    public func render(_ request: RenderRequest) throws {
        let message = request.message
        let pattern = HapticPattern.forSignal(message.signal)
        let line = HapticLogLine.encode(wallClock: Date().timeIntervalSince1970, message: message, pattern: pattern)
        if request.checkpoint.isCancelled { throw PluginError(.cancelled, "The haptic cue was interrupted before it was written.") }
        try file.append(line)
    }

    static func isHapticLogLine(_ line: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
        return object["signal"] is String && object["ahap"] is [String: Any]
    }
}
