import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Network composition for `describe`, behind both consent gates.
///
/// The person's settings decide whether the network is asked; a profile or `--composer`
/// naming a network composer never turns it on. When it is on, the network phrase must
/// pass the validator and the grounding check, and the narrator judges it again like any
/// composer's; when it is off, `describe` behaves exactly as before and says nothing new.
struct NetworkDescribe {
    var prepared: ReasoningSetup.Prepared
    var settings: ReasoningSettings
    /// The composer asked on this machine: the requested one, or the profile's fallback
    /// when the requested one uses the network.
    var onDeviceComposerID: String
    var onDeviceConfig: [String: JSONValue]

    static func prepare(composerID: String, config: [String: JSONValue], profile: OutputProfile, context: Context) -> NetworkDescribe {
        let loaded = SettingsFile.standard(environment: context.environment).load()
        SettingsCommands.report(loaded)
        let prepared = ReasoningSetup.prepare(settings: loaded.settings,
                                              credentials: CredentialStore.standard(environment: context.environment),
                                              host: context.host, profileComposerID: composerID, environment: context.environment)
        if let explanation = prepared.explanation { Console.err("note: \(explanation)") }
        let requestedUsesNetwork = context.host.catalog.manifest(id: composerID)?.capabilities.usesNetwork == true
        return NetworkDescribe(prepared: prepared, settings: loaded.settings,
                               onDeviceComposerID: requestedUsesNetwork ? profile.fallbackComposer.id : composerID,
                               onDeviceConfig: requestedUsesNetwork ? profile.fallbackComposer.config : config)
    }

    /// True when network composition was wanted; only then is anything announced.
    var isInvolved: Bool { prepared.network != nil || prepared.unavailableReason != nil }

    /// For a hands-free walk: the resolver for the whole session (breaker, probes, budget),
    /// or nil when network composition was never wanted, so the walk is unchanged.
    func resolvingComposer(onDevice: SceneComposerInstance) -> ResolvingComposer? {
        guard isInvolved else { return nil }
        let resolver = prepared.resolver(settings: settings, now: { Double(MonotonicClock.nanoseconds()) / 1e9 })
        return ResolvingComposer(onDevice: onDevice, network: prepared.network, resolver: resolver)
    }

    /// One describe: the network asked (about 8 s, no retry) when the gates passed, the
    /// on-device composer always, then the narrator. Returns the status sentences to say
    /// before the description (the backend named, or why the network is not used).
    func describe(_ records: [PerceptionRecord], describer: SceneDescriber, onDevice: SceneComposerInstance,
                  locale: SpokenLocale, detail: SpokenDetail) -> (SceneDescriber.Outcome, [ReasoningAnnouncement]) {
        guard isInvolved else { return (describer.describe(records), []) }
        let resolver = prepared.resolver(settings: settings, now: { Double(MonotonicClock.nanoseconds()) / 1e9 })
        var announcements = resolver.sessionStart()
        let resolving = ResolvingComposer(onDevice: onDevice, network: prepared.network, resolver: resolver)
        do {
            let result = try resolving.compose(records: records, locale: locale,
                                               maximumWords: detail.maximumPhraseWords(labelCount: detail.maximumLabels),
                                               maximumLabels: detail.maximumLabels, purpose: .describe)
            announcements += result.announcements
            if result.networkFailure != nil {
                Console.err("note: the network phrase was not used; the on-device composer's words were.")
            }
            let phrases = result.phrases.map { SubjectPhrase(stream: $0.stream, text: $0.text, recordIndices: $0.recordIndices) }
            return (describer.describe(records, proposed: phrases, composerError: nil), announcements)
        } catch {
            return (describer.describe(records, proposed: [], composerError: String(describing: error)), announcements)
        }
    }
}
