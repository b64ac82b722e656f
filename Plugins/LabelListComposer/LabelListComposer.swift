import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// The on-device default composer and everyone's fallback: names what was detected,
/// grouped by certainty bucket per stream, in the request's locale.
///
/// It never leaves the machine and never fails on good input, which is why every
/// profile can name it as the fallback. Its logic lives in SenseBridgeCore
/// (`LabelListComposition`) so the host's validator tests cover the same code.
final class LabelListComposer: SceneComposerPlugin {
    struct Config: Decodable {}

    init(host: HostServices, config: PluginConfig) throws {
        _ = try config.decode(Config.self)
    }

    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase] {
        guard let locale = request.spokenLocale else {
            throw PluginError(.unsupported, "Locale '\(request.localeIdentifier)' is not supported; use en, es or vi.")
        }
        // What stopped it, as the composition saw it: a cancel after it finished costs nothing.
        var stopped: CallCheckpoint.Stop?
        let phrases = LabelListComposition.compose(
            records: request.records, locale: locale,
            maximumLabels: max(request.maximumLabels, 0), maximumWords: max(request.maximumWords, 0),
            shouldStop: {
                stopped = request.checkpoint.stop
                return stopped != nil
            })
        if let stopped {
            throw request.checkpoint.error(stopped, "Listing what was detected", "before every record was considered")
        }
        return phrases
    }
}

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.sceneComposer(LabelListComposer.self, id: "org.sensebridge.label-list", version: "1.0.0", abiMinor: 7)
}
