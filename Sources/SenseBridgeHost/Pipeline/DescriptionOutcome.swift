import SenseBridgeABICodec
import SenseBridgeCore

/// What one moment's description came to: what is said, and what the person or a
/// terminal should know about how it was made.
public struct DescriptionOutcome: Sendable {
    public var narration: Narration
    /// Set when the composer failed as a whole (not a refused phrase); no phrase text. At
    /// the detailed level, where it is asked once per part of the view, the first part's
    /// failure: the fallback spoke for that part, and for any other that failed too.
    public var composerFailure: ComposerFailure?
    /// The measurement sentence for depth records, when there were any.
    public var measurement: String?
    /// State changes to say now, each once (network backend failing, recovered, budget).
    public var announcements: [StatusAnnouncement] = []
    /// How the network took part, when it was asked this moment.
    public var network: NetworkUse?
    /// Said instead when nothing else is: no record cleared the floor and no depth was
    /// measured (`Phrasing.nothingRecognized`). Set by the pipeline, in its locale.
    public var nothingRecognized: String?

    /// What is said for the moment, never empty when the pipeline set `nothingRecognized`:
    /// every command that describes (describe, walk) says the same thing for the same
    /// records, and a walk's throttle keeps it from repeating tick after tick.
    public var sentences: [String] {
        let said = narration.spokenText + (measurement.map { [$0] } ?? [])
        if said.isEmpty, let nothingRecognized { return [nothingRecognized] }
        return said
    }

    /// True when nothing above the floor was named, so `sentences` is the
    /// nothing-recognized sentence; for `--json` and tests.
    public var recognizedNothing: Bool {
        narration.spokenText.isEmpty && measurement == nil && nothingRecognized != nil
    }
}

/// Why every phrase of a moment came from the fallback.
public struct ComposerFailure: Sendable, Equatable {
    /// A stable code (docs/WRITING_PLUGINS.md): "too-many-phrases" or
    /// "malformed-result" for a result refused unread; "crashed", "exited",
    /// "protocol-garbage", "missed-deadline", "retired" or "stayed-off" for a plugin the
    /// host stopped (`PluginStopped.code`); the call's status otherwise ("timeout",
    /// "cancelled", "internal", …); "failed" for anything else.
    public var reason: String
    /// For a terminal: the plugin's own message or the shape that was refused.
    public var message: String

    public init(reason: String, message: String) {
        self.reason = reason
        self.message = message
    }

    init(_ error: Error) {
        switch error {
        case let refused as ComposerResultRefused:
            self.init(reason: refused.refusal.rawValue, message: refused.description)
        case let stopped as PluginStopped:
            self.init(reason: stopped.code, message: stopped.description)
        case let call as PluginCallError:
            let name = ABIStatus.name(call.status)
            let code = name.hasPrefix("SB_ERR_") ? name.dropFirst(7).lowercased().replacingOccurrences(of: "_", with: "-") : "failed"
            self.init(reason: code, message: call.description)
        default:
            self.init(reason: "failed", message: String(describing: error))
        }
    }
}
