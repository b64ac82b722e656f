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

    public func render(_ message: OutputMessage) throws {
        let pattern = HapticPattern.forSignal(message.signal)
        try file.append(HapticLogLine.encode(wallClock: Date().timeIntervalSince1970, message: message, pattern: pattern))
    }

    /// Writing a line takes microseconds; there is nothing in flight to cut off.
    public func interrupt() {}

    static func isHapticLogLine(_ line: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return false }
        return object["signal"] is String && object["ahap"] is [String: Any]
    }
}

enum ConfigKeys {
    /// A misspelt key would otherwise be ignored and its setting silently lost.
    static func requireOnly(_ known: Set<String>, in config: PluginConfig) throws {
        for key in try config.object().keys.sorted() where !known.contains(key) {
            throw PluginError.invalidConfig("Config key '\(key)' is not a setting of this plugin; known keys: \(known.sorted().joined(separator: ", ")).")
        }
    }
}
