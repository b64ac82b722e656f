import Foundation
import SenseBridgeHost
import SenseBridgeNetwork

/// How settings are shown: the same facts for people and for `--json`. Never a key.
enum SettingsJSON {
    static func object(_ settings: ReasoningSettings) -> [String: Any] {
        var object: [String: Any] = [
            "reasoningBackend": settings.reasoningBackend.rawValue,
            "requestsPerHour": settings.requestsPerHour,
            "requestsPerSession": settings.requestsPerSession,
        ]
        object["cloudProvider"] = settings.cloudProvider?.rawValue ?? NSNull()
        object["cloudModel"] = settings.cloudModel ?? NSNull()
        object["localEndpointURL"] = settings.localEndpointURL ?? NSNull()
        object["localEndpointModel"] = settings.localEndpointModel ?? NSNull()
        object["termsAcknowledgements"] = settings.termsAcknowledgements.map { ack -> [String: Any] in
            // One shape for both scopes, null where it does not apply (docs/FORMATS.md).
            switch ack.scope {
            case .cloud(let provider):
                return ["provider": provider.rawValue, "endpoint": NSNull(), "acknowledgedAt": ack.acknowledgedAt,
                        "unencryptedAccepted": ack.unencryptedAccepted]
            case .localEndpoint(let url):
                return ["provider": "local-endpoint", "endpoint": url, "acknowledgedAt": ack.acknowledgedAt,
                        "unencryptedAccepted": ack.unencryptedAccepted]
            }
        }
        return object
    }

    static func decision(_ decision: ConsentGate.Decision) -> [String: Any] {
        switch decision {
        case .onDevice(let refusal):
            return ["enabled": false, "reason": refusal.description, "baseURL": NSNull(), "model": NSNull(), "wireFormat": NSNull(),
                    "unencrypted": NSNull()]
        case .network(let consent):
            let target = consent.target
            return ["enabled": true, "reason": NSNull(), "baseURL": target.baseURL, "model": target.model, "wireFormat": target.wireFormat,
                    "unencrypted": target.isUnencrypted]
        }
    }

    static func human(_ settings: ReasoningSettings, decision: ConsentGate.Decision, file: SettingsFile) -> String {
        func acknowledged(_ scope: TermsAcknowledgement.Scope) -> String {
            guard let ack = settings.termsAcknowledgements.first(where: { $0.scope == scope }) else { return "terms not acknowledged" }
            return "terms acknowledged \(ack.acknowledgedAt)" + (ack.unencryptedAccepted ? ", unencrypted accepted" : "")
        }
        let backend = settings.reasoningBackend.rawValue + (settings.reasoningBackend == .onDevice ? " (nothing leaves this machine)" : "")
        var provider = "not chosen"
        var model = "provider default"
        if let chosen = settings.cloudProvider {
            provider = "\(chosen.rawValue) (\(acknowledged(.cloud(chosen))))"
            model = "\(chosen.defaultModel) (provider default)"
        }
        if let cloudModel = settings.cloudModel { model = cloudModel }
        var endpoint = "not set"
        if let url = settings.localEndpointURL { endpoint = "\(url) (\(acknowledged(.localEndpoint(url))))" }
        let localModel = settings.localEndpointModel ?? "\(ReasoningSettings.defaultLocalModel) (default)"
        var lines: [String] = [
            "reasoningBackend:   " + backend,
            "cloudProvider:      " + provider,
            "cloudModel:         " + model,
            "localEndpointURL:   " + endpoint,
            "localEndpointModel: " + localModel,
            "requestsPerHour:    \(settings.requestsPerHour)",
            "requestsPerSession: \(settings.requestsPerSession)",
            "",
        ]
        switch decision {
        case .onDevice(let refusal):
            lines.append("Network composition: off. \(refusal)")
        case .network(let consent):
            let target = consent.target
            lines.append("Network composition: on. Object labels only go to \(target.baseURL) (model \(target.model))"
                         + (target.isUnencrypted ? ", unencrypted." : "."))
        }
        lines.append("Settings file: \(file.url.path)")
        return lines.joined(separator: "\n")
    }
}
