import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.renderTarget(CaptionFile.self, id: "org.sensebridge.caption-file", version: "1.0.0", abiMinor: 7)
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

    public init(host: HostServices, config: PluginConfig) throws {
        try config.requireOnly(["format", "path"])
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
    public func render(_ request: RenderRequest) throws {
        let message = request.message
        try layout.layOut(message.text, at: message.sessionTime, alert: CaptionCue.marksAlert(message.signal)) { cue in
            if request.checkpoint.isCancelled { throw PluginError(.cancelled, "The caption was interrupted; the cues before it were written.") }
            try writer.write(cue)
        }
    }
}
