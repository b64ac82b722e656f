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

    private let cancelled = CancelFlag()
    private let host: HostServices

    init(host: HostServices, config: PluginConfig) throws {
        _ = try config.decode(Config.self)
        self.host = host
    }

    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase] {
        cancelled.reset()
        guard let locale = request.spokenLocale else {
            throw PluginError(.unsupported, "Locale '\(request.localeIdentifier)' is not supported; use en, es or vi.")
        }
        var pastDeadline = false
        let phrases = LabelListComposition.compose(
            records: request.records, locale: locale,
            maximumLabels: max(request.maximumLabels, 0), maximumWords: max(request.maximumWords, 0),
            shouldStop: {
                pastDeadline = host.monotonicNanoseconds() > request.deadline
                return pastDeadline || cancelled.isSet
            })
        if cancelled.isSet { throw PluginError.cancelled }
        if pastDeadline { throw PluginError(.timeout, "The deadline passed before every record was considered.") }
        return phrases
    }

    func cancel() {
        cancelled.set()
    }
}

/// Set from any thread by `cancel`, read by `compose`.
final class CancelFlag: Sendable {
    private let value = Locked(false)
    func set() { value.withLock { $0 = true } }
    func reset() { value.withLock { $0 = false } }
    var isSet: Bool { value.withLock { $0 } }
}

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.sceneComposer(LabelListComposer.self, id: "org.sensebridge.label-list", version: "1.0.0", abiMinor: 7)
}
