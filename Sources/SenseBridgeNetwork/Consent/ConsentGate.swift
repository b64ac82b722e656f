import Foundation
import SenseBridgeHost

/// The two gates every byte bound for a network composer passes, in one place:
/// 1. the person switched the reasoning backend away from on-device, and
/// 2. acknowledged the terms of exactly the provider (or address) now chosen.
///
/// Only this gate mints a `NetworkConsent`, and `PluginHost` creates a composer whose
/// manifest says `usesNetwork` only when handed one, so no profile, default or code path
/// can reach the network around it.
public enum ConsentGate {
    public enum Decision: Sendable {
        case onDevice(Refusal)
        case network(NetworkConsent)

        public var consent: NetworkConsent? {
            if case .network(let consent) = self { return consent }
            return nil
        }
    }

    /// Why nothing may be sent. Each names the step that fixes it.
    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        case backendOnDevice
        case noProviderChosen
        case noEndpointChosen
        case termsNotAcknowledged(scope: String, command: String)
        case unencryptedNotAccepted(endpoint: String)
        case invalidOverride(variable: String, reason: String)

        public var reason: NetworkUnavailableReason {
            switch self {
            case .backendOnDevice: return .notTurnedOn
            case .noProviderChosen, .noEndpointChosen, .termsNotAcknowledged, .unencryptedNotAccepted: return .termsNotAcknowledged
            case .invalidOverride: return .couldNotStart
            }
        }

        public var description: String {
            switch self {
            case .backendOnDevice:
                return "The reasoning backend is on-device; switch it with 'sensebridge settings set reasoningBackend cloud' or 'local-endpoint'."
            case .noProviderChosen:
                return "No cloud provider is chosen; run 'sensebridge settings set cloudProvider anthropic|openai|nvidia-nim'."
            case .noEndpointChosen:
                return "No local endpoint address is set; run 'sensebridge settings set localEndpointURL https://HOST:PORT/v1'."
            case .termsNotAcknowledged(let scope, let command):
                return "The terms for \(scope) have not been acknowledged; read them and run '\(command)'."
            case .unencryptedNotAccepted(let endpoint):
                return "\(endpoint) uses http://, so labels would travel unencrypted; acknowledge that with 'sensebridge settings acknowledge-terms local-endpoint --accept-unencrypted'."
            case .invalidOverride(let variable, let reason):
                return "\(variable) is set but unusable: \(reason)"
            }
        }
    }

    /// Both gates, as a session applies them.
    public static func evaluate(_ settings: ReasoningSettings,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> Decision {
        switch settings.reasoningBackend {
        case .onDevice: return .onDevice(.backendOnDevice)
        case .cloud:
            guard let provider = settings.cloudProvider else { return .onDevice(.noProviderChosen) }
            return cloud(provider, settings: settings, environment: environment)
        case .localEndpoint:
            return local(settings: settings)
        }
    }

    /// Gate 2 alone, for `composer test-connection`: a person checks a provider (with a
    /// fixed test list, never anything perceived) before switching the backend to it.
    public static func evaluateForConnectionTest(_ backend: ReasoningBackend, provider: CloudProvider?, settings: ReasoningSettings,
                                                 environment: [String: String] = ProcessInfo.processInfo.environment) -> Decision {
        switch backend {
        case .onDevice: return .onDevice(.backendOnDevice)
        case .cloud:
            guard let provider = provider ?? settings.cloudProvider else { return .onDevice(.noProviderChosen) }
            return cloud(provider, settings: settings, environment: environment)
        case .localEndpoint:
            return local(settings: settings)
        }
    }

    private static func cloud(_ provider: CloudProvider, settings: ReasoningSettings, environment: [String: String]) -> Decision {
        guard settings.termsAcknowledgements.contains(where: { $0.scope == .cloud(provider) }) else {
            return .onDevice(.termsNotAcknowledged(scope: provider.displayName,
                                                   command: "sensebridge settings acknowledge-terms \(provider.rawValue)"))
        }
        var baseURL = provider.defaultBaseURL
        var source: String?
        if let override = environment[provider.baseURLEnvironmentVariable], !override.isEmpty {
            do {
                baseURL = try EndpointAddress.check(override).normalized
                source = provider.baseURLEnvironmentVariable
            } catch {
                return .onDevice(.invalidOverride(variable: provider.baseURLEnvironmentVariable, reason: "\(error)"))
            }
        }
        let model = settings.cloudModel ?? provider.defaultModel
        return .network(NetworkConsent(target: NetworkTarget(
            backend: .cloud, provider: provider, wireFormat: provider.wireFormat, baseURL: baseURL, baseURLSource: source,
            model: model, credential: CredentialName(provider), credentialRequired: true,
            description: .cloud(provider.displayName), isUnencrypted: EndpointAddress.isUnencrypted(baseURL))))
    }

    private static func local(settings: ReasoningSettings) -> Decision {
        guard let url = settings.localEndpointURL, let checked = try? EndpointAddress.check(url) else {
            return .onDevice(.noEndpointChosen)
        }
        guard let acknowledgement = settings.termsAcknowledgements.first(where: { $0.scope == .localEndpoint(checked.normalized) }) else {
            return .onDevice(.termsNotAcknowledged(scope: checked.normalized,
                                                   command: "sensebridge settings acknowledge-terms local-endpoint"))
        }
        let unencrypted = EndpointAddress.isUnencrypted(checked.normalized)
        if unencrypted && !acknowledgement.unencryptedAccepted {
            return .onDevice(.unencryptedNotAccepted(endpoint: checked.normalized))
        }
        return .network(NetworkConsent(target: NetworkTarget(
            backend: .localEndpoint, provider: nil, wireFormat: "openai-compatible", baseURL: checked.normalized, baseURLSource: nil,
            model: settings.localEndpointModel ?? ReasoningSettings.defaultLocalModel, credential: .localEndpoint,
            credentialRequired: false, description: .localEndpoint(host: checked.host, unencrypted: unencrypted),
            isUnencrypted: unencrypted)))
    }
}

/// Proof that both consent gates passed. Only `ConsentGate` can create one.
public struct NetworkConsent: Sendable {
    public let target: NetworkTarget

    fileprivate init(target: NetworkTarget) {
        self.target = target
    }
}
