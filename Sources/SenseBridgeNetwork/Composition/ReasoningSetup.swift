import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Chooses a session's composers from the profile and the person's settings, applying
/// the consent gates before any network plugin code runs.
///
/// The settings decide whether the network is used; a profile may name a network composer
/// (the built-in one or a third party's), but naming it never turns it on. A profile that
/// names one while consent is missing gets on-device composition and is told why, once.
public enum ReasoningSetup {
    public static let builtInNetworkComposerID = "org.sensebridge.network-composer"

    public struct Prepared {
        /// nil when composition stays on-device.
        public var network: NegotiatingComposer?
        public var target: NetworkTarget?
        /// Why network composition was wanted but is not used; announced once.
        public var unavailableReason: NetworkUnavailableReason?
        /// The full explanation for a terminal (stderr) or `--json`; never spoken.
        public var explanation: String?

        /// True when network composition was wanted (used, or refused with a reason to say);
        /// otherwise a session says nothing about networks at all.
        public var isInvolved: Bool { network != nil || unavailableReason != nil }

        /// The description pipeline's network seam for one session, or nil when network
        /// composition was never wanted. The seam is built around whichever on-device
        /// composer the pipeline ends up with.
        public func composition(settings: ReasoningSettings,
                                now: @escaping @Sendable () -> Double = { Double(MonotonicClock.nanoseconds()) / 1e9 })
            -> ((PhraseComposing) -> NetworkComposing?)? {
            guard isInvolved else { return nil }
            return { onDevice in
                NetworkComposition(onDevice: onDevice, negotiating: network, resolver: resolver(settings: settings, now: now))
            }
        }

        /// The resolver for this session, with the person's budgets.
        public func resolver(settings: ReasoningSettings, now: @escaping @Sendable () -> Double) -> NetworkRouter {
            NetworkRouter(backend: target?.description ?? .onDevice, networkAvailable: network != nil,
                             unavailableReason: unavailableReason, requestsPerHour: settings.requestsPerHour,
                             requestsPerSession: settings.requestsPerSession, now: now)
        }
    }

    /// `profileComposerID` is the profile's `composer`; when its manifest says
    /// `usesNetwork` it is the network composer used, otherwise the built-in one is.
    public static func prepare(settings: ReasoningSettings, credentials: CredentialStore, host: PluginHost,
                               profileComposerID: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> Prepared {
        let profileWantsNetwork = profileComposerID.flatMap { host.catalog.manifest(id: $0) }?.capabilities.usesNetwork == true
        let decision = ConsentGate.evaluate(settings, environment: environment)
        guard let consent = decision.consent else {
            guard case .onDevice(let refusal) = decision else { return Prepared() }
            // Never configured: on-device is simply the backend, and nothing needs saying
            // beyond naming it. A profile that asked for the network is told why not.
            if refusal == .backendOnDevice && !profileWantsNetwork { return Prepared() }
            host.log.event(.info, "reasoning.network-refused", [.public("reason", "\(refusal.reason)")])
            return Prepared(network: nil, target: nil, unavailableReason: refusal.reason, explanation: refusal.description)
        }
        let id = profileWantsNetwork ? profileComposerID! : builtInNetworkComposerID
        do {
            let composer = try negotiatingComposer(consent: consent, pluginID: id, credentials: credentials, host: host,
                                                   memory: FormatMemory.standard(environment))
            return Prepared(network: composer, target: consent.target, unavailableReason: nil, explanation: nil)
        } catch let failure as CredentialFailure {
            host.log.event(.warning, "reasoning.network-credential-unusable", [.public("credential", consent.target.credential.rawValue)])
            return Prepared(network: nil, target: nil, unavailableReason: .missingKey, explanation: failure.description)
        } catch {
            host.log.event(.warning, "reasoning.network-composer-failed", [.public("plugin", id)])
            return Prepared(network: nil, target: nil, unavailableReason: .couldNotStart,
                            explanation: "The network composer could not start: \(error)")
        }
    }

    /// A missing or unsafe key, as opposed to a plugin that failed.
    public struct CredentialFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The network composer for a consent, negotiating its structured-output mode when
    /// its manifest declares `responseFormat`. The first instance is created here, so a
    /// missing key or a broken plugin is known before the session starts.
    public static func negotiatingComposer(consent: NetworkConsent, pluginID: String = builtInNetworkComposerID,
                                           credentials: CredentialStore, host: PluginHost, memory: FormatMemory,
                                           reprobes: Bool = false) throws -> NegotiatingComposer {
        let negotiates = try host.manifest(id: pluginID).configSchema[StructuredOutputMode.configKey] != nil
        let endpoint = FormatMemory.Endpoint(baseURL: consent.target.baseURL, model: consent.target.model)
        let remembered = reprobes ? nil : memory.mode(for: endpoint)
        let first: StructuredOutputMode? = negotiates ? (remembered ?? .jsonSchema) : nil
        let composer = try create(consent: consent, pluginID: pluginID, credentials: credentials, host: host, mode: first)
        return NegotiatingComposer(factory: { mode in
            try create(consent: consent, pluginID: pluginID, credentials: credentials, host: host, mode: mode)
        }, memory: negotiates ? memory : nil, endpoint: negotiates ? endpoint : nil, created: (first, composer), reprobes: reprobes,
           log: host.log)
    }

    /// Creates the network composer for a consent: reads the key (refusing an unsafe
    /// file), fills the config from the target (and `mode`, for one that negotiates) and
    /// injects the key as a secret.
    public static func create(consent: NetworkConsent, pluginID: String = builtInNetworkComposerID,
                              credentials: CredentialStore, host: PluginHost, mode: StructuredOutputMode? = nil) throws -> SceneComposerInstance {
        let target = consent.target
        let key: Secret?
        do {
            key = try credentials.read(target.credential)
        } catch let failure as CredentialStore.Failure {
            throw CredentialFailure(description: failure.description)
        }
        if target.credentialRequired && key == nil {
            throw CredentialFailure(description:
                "No API key is stored for \(target.credential.displayName); run 'sensebridge credentials set \(target.credential.rawValue)' and paste the key on standard input.")
        }
        let manifest = try host.manifest(id: pluginID)
        var config: [String: JSONValue] = [
            "provider": .string(target.wireFormat), "baseURL": .string(target.baseURL), "model": .string(target.model),
            "timeoutSeconds": .number(CompositionPurpose.describe.timeoutSeconds),
        ]
        if let mode { config[StructuredOutputMode.configKey] = .string(mode.rawValue) }
        return try host.sceneComposer(manifest, consent: consent, config: config, secrets: key.map { ["apiKey": $0] } ?? [:])
    }
}
