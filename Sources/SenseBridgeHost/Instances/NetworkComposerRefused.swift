import SenseBridgeCore

/// Why a network composer was not created.
public struct NetworkComposerRefused: Error, Sendable, CustomStringConvertible {
    public var pluginID: String
    public var reason: String
    public var description: String { "\(pluginID): \(reason)" }

    public init(pluginID: String, reason: String) {
        self.pluginID = pluginID
        self.reason = reason
    }
}

extension PluginHost {
    /// Every creation path but the consent gate's passes here, so no profile, default or
    /// code path reaches the network around the gates.
    func refuseNetworkWithoutConsent(_ manifest: PluginManifest) throws {
        guard !manifest.capabilities.usesNetwork else {
            throw NetworkComposerRefused(pluginID: manifest.id, reason:
                "sends data over the network, so it is created only after the reasoning backend is switched on and the provider's terms are acknowledged ('sensebridge settings')")
        }
    }

    /// Creates a composer that may use the network, with a config already resolved
    /// (secrets included). `package`: only SenseBridgeNetwork's consent gate calls it,
    /// after both gates passed; nothing outside this package can.
    package func networkSceneComposer(_ manifest: PluginManifest, resolvedConfig: [String: JSONValue],
                                      placement: Placement = Placement()) throws -> SceneComposerInstance {
        try makeComposer(manifest, configJSON: resolvedConfig.jsonText, placement: placement)
    }
}
