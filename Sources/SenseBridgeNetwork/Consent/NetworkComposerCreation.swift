import Foundation
import SenseBridgeCore
import SenseBridgeHost

extension PluginHost {
    /// Creates a composer that may use the network. `consent` proves both gates passed;
    /// `secrets` (e.g. the API key) go only into keys the manifest declares secret, and
    /// only here, so a key is never in a profile, the settings file or a log.
    public func sceneComposer(_ manifest: PluginManifest, consent: NetworkConsent, config: [String: JSONValue] = [:],
                              secrets: [String: Secret] = [:]) throws -> SceneComposerInstance {
        var resolved = try PluginConfigResolver.resolve(manifest: manifest, overrides: config, outputDirectory: nil)
        for (key, secret) in secrets {
            guard manifest.configSchema[key]?.isSecret == true else {
                throw NetworkComposerRefused(pluginID: manifest.id, reason:
                    "does not declare '\(key)' as a secret config key, so the host will not hand it a credential")
            }
            resolved[key] = .string(secret.value)
        }
        log.event(.info, "reasoning.network-composer-created", [
            .public("plugin", manifest.id), .public("backend", consent.target.backend.rawValue),
            .public("secrets", String(secrets.count)),
        ])
        return try networkSceneComposer(manifest, resolvedConfig: resolved)
    }
}
