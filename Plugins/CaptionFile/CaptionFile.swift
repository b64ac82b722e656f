import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.renderTarget(CaptionFile.self, id: "org.sensebridge.caption-file", version: "1.0.0")
}

/// Writes what SenseBridge says as captions — WebVTT by default, SubRip on request —
/// timed by each message's session time. Line breaking, timing and escaping are
/// `CaptionLayout` and `CaptionFormat` in SenseBridgeCore; this type only does the file.
public final class CaptionFile: RenderTargetPlugin {
    struct Settings: Decodable {
        var format: String?
        var path: String?
    }

    static let defaultPath = "{output}/captions.{format}"

    private let writer: CaptionFileWriter
    private var layout: CaptionLayout
    private let interruption = Interruption()

    public init(host: HostServices, config: PluginConfig) throws {
        try ConfigKeys.requireOnly(["format", "path"], in: config)
        let settings = try config.decode(Settings.self)
        guard let format = CaptionFormat(rawValue: settings.format ?? "vtt") else {
            throw PluginError.invalidConfig("Config key 'format' must be \"vtt\" or \"srt\"; it is \"\(settings.format ?? "")\".")
        }
        let template = settings.path ?? Self.defaultPath
        guard !template.isEmpty else { throw PluginError.invalidConfig("Config key 'path' is empty; give the caption file's path.") }
        // "{format}" lets one default serve both formats: a profile that only switches
        // to srt gets captions.srt, not SubRip inside a file named .vtt.
        let path = OutputPathTemplate.resolve(template, environment: ProcessInfo.processInfo.environment)
            .replacingOccurrences(of: "{format}", with: format.fileExtension)
        writer = try CaptionFileWriter(path: path, format: format)
        layout = CaptionLayout(resumingAfter: writer.resumedAfterMilliseconds)
        host.log(.info, "caption_file.opened", [("format", .public(format.rawValue)), ("path", .private(path)),
                                                ("resumed", .public(writer.resumedAfterMilliseconds > 0 ? "yes" : "no"))])
        if writer.droppedBytes > 0 {
            host.log(.warning, "caption_file.dropped_incomplete_cue", [("bytes", .public(String(writer.droppedBytes)))])
        }
    }

    /// Each cue is laid out, written and synced on its own, so an interrupt lands between
    /// two cues: a long reading cut off by an obstacle alert stops within one cue (not
    /// after laying out the whole text first, a noticeable wait for 256 KiB in a debug
    /// build on a busy machine), and the cues already written stay whole in the file.
    /// The next message's cues follow the last cue written, not the text never shown.
    public func render(_ message: OutputMessage) throws {
        interruption.begin()
        defer { interruption.end() }
        try layout.layOut(message.text, at: message.sessionTime) { cue in
            if interruption.isRequested { throw PluginError(.cancelled, "The caption was interrupted; the cues before it were written.") }
            try writer.write(cue)
        }
    }

    /// Cuts off the render in progress at its next cue; with no render in progress it is
    /// ignored, as the header says.
    public func interrupt() {
        interruption.request()
    }
}

/// Whether the render in progress was asked to stop. An interrupt applies to the render
/// in progress only: one with no render in progress is ignored, as the header says, so
/// an interrupt that arrives late (after its render ended) cannot cut off the next
/// message. `begin` clears what an earlier render left.
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
