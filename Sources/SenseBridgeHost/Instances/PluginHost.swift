import Foundation
import SenseBridgeCore

/// The host's front door: the catalog read from the search path, and the plugins
/// loaded from it on first use (and kept, since libraries are never unloaded).
public final class PluginHost: Sendable {
    public let catalog: PluginCatalog
    public let log: HostLog
    private let loaded = Locked<[String: LoadedPlugin]>([:])

    public let isolation: IsolationSettings

    public init(searchPath: PluginSearchPath, registry: BrokenPluginRegistry = .standard(), log: HostLog = .shared,
                isolation: IsolationSettings = IsolationSettings()) {
        self.catalog = PluginCatalog.discover(searchPath, registry: registry)
        self.log = log
        self.isolation = isolation
    }

    public enum LookupError: Error, CustomStringConvertible {
        case notInstalled(String, PluginSearchPath)
        case broken(String, PluginProblem)
        case wrongKind(String, expected: PluginKind, found: PluginKind)

        public var description: String {
            switch self {
            case .notInstalled(let id, let path):
                return "No plugin '\(id)' is installed. Searched: \(path.entries.map(\.directory.path).joined(separator: ", ")). Run 'sensebridge plugins list' to see what is."
            case .broken(let id, let problem):
                return "Plugin '\(id)' is installed but broken: \(problem)"
            case .wrongKind(let id, let expected, let found):
                return "Plugin '\(id)' is a \(found.rawValue), not a \(expected.rawValue)."
            }
        }
    }

    public func manifest(id: String) throws -> PluginManifest {
        if let manifest = catalog.manifest(id: id) { return manifest }
        if let broken = catalog.broken.first(where: { $0.id == id }) { throw LookupError.broken(id, broken.problem) }
        throw LookupError.notInstalled(id, catalog.searchPath)
    }

    public func load(id: String) throws -> LoadedPlugin {
        try load(manifest(id: id))
    }

    public func load(_ manifest: PluginManifest) throws -> LoadedPlugin {
        try loaded.withLock { loaded in
            if let plugin = loaded[manifest.manifestURL.path] { return plugin }
            catalog.registry.beginLoading(manifest)
            defer { catalog.registry.endLoading(manifest) }
            let plugin = try LoadedPlugin.load(manifest)
            loaded[manifest.manifestURL.path] = plugin
            log.event(.info, "plugin.loaded", [.public("plugin", manifest.id), .public("version", plugin.version)])
            return plugin
        }
    }

    public func renderTarget(_ manifest: PluginManifest, config: [String: JSONValue] = [:],
                             outputDirectory: URL? = nil, placement: Placement = Placement()) throws -> RenderTargetInstance {
        try renderTarget(manifest, rawConfig: try configJSON(manifest, config, outputDirectory), placement: placement)
    }

    /// Refuses a composer whose manifest says `usesNetwork`: those are created only
    /// through `sceneComposer(_:consent:config:secrets:)`, with both consent gates passed.
    public func sceneComposer(_ manifest: PluginManifest, config: [String: JSONValue] = [:],
                              outputDirectory: URL? = nil, placement: Placement = Placement()) throws -> SceneComposerInstance {
        try sceneComposer(manifest, rawConfig: try configJSON(manifest, config, outputDirectory), placement: placement)
    }

    public func sensingSource(_ manifest: PluginManifest, config: [String: JSONValue] = [:],
                              outputDirectory: URL? = nil, placement: Placement = Placement()) throws -> SensingSourceInstance {
        try sensingSource(manifest, rawConfig: try configJSON(manifest, config, outputDirectory), placement: placement)
    }

    /// Creates an instance from a config passed verbatim, skipping the host's own
    /// schema check: the harness uses it to see how a plugin handles bad config itself.
    public func renderTarget(_ manifest: PluginManifest, rawConfig: String, placement: Placement = Placement()) throws -> RenderTargetInstance {
        let (backend, isolated) = try place(.renderTarget, manifest, placement,
            isolated: { try IsolatedRenderTarget($0, configJSON: rawConfig, restarts: manifest.capabilities.resumes(configJSON: rawConfig),
                                                log: log) as RenderBackend },
            inProcess: { GuardedRenderTarget(try InProcessRenderTarget(plugin: $0, configJSON: rawConfig, log: log), pluginID: manifest.id) })
        return RenderTargetInstance(manifest: manifest, isolated: isolated, backend: backend)
    }

    public func sceneComposer(_ manifest: PluginManifest, rawConfig: String, placement: Placement = Placement()) throws -> SceneComposerInstance {
        try refuseNetworkWithoutConsent(manifest)
        return try makeComposer(manifest, configJSON: rawConfig, placement: placement)
    }

    public func sensingSource(_ manifest: PluginManifest, rawConfig: String, placement: Placement = Placement()) throws -> SensingSourceInstance {
        let (backend, isolated) = try place(.sensingSource, manifest, placement,
            isolated: { try IsolatedSource($0, configJSON: rawConfig, restarts: manifest.capabilities.resumes(configJSON: rawConfig),
                                           log: log) as SourceBackend },
            inProcess: { GuardedSource(try InProcessSource(plugin: $0, configJSON: rawConfig, log: log), pluginID: manifest.id) })
        return SensingSourceInstance(manifest: manifest, isolated: isolated, backend: backend)
    }

    public func perceiver(_ manifest: PluginManifest, config: [String: JSONValue] = [:],
                          outputDirectory: URL? = nil, placement: Placement = Placement()) throws -> PerceiverInstance {
        try perceiver(manifest, rawConfig: try configJSON(manifest, config, outputDirectory), placement: placement)
    }

    public func perceiver(_ manifest: PluginManifest, rawConfig: String, placement: Placement = Placement()) throws -> PerceiverInstance {
        let (backend, isolated) = try place(.perceiver, manifest, placement,
            isolated: { try IsolatedPerceiver($0, configJSON: rawConfig, log: log) as PerceiverBackend },
            inProcess: { GuardedPerceiver(try InProcessPerceiver(plugin: $0, configJSON: rawConfig, log: log), pluginID: manifest.id) })
        return PerceiverInstance(manifest: manifest, isolated: isolated, backend: backend)
    }

    /// Every composer, network or not, is made here once its gate has passed.
    func makeComposer(_ manifest: PluginManifest, configJSON: String, placement: Placement) throws -> SceneComposerInstance {
        let (backend, isolated) = try place(.sceneComposer, manifest, placement,
            isolated: { try IsolatedComposer($0, configJSON: configJSON, log: log) as ComposerBackend },
            inProcess: { GuardedComposer(try InProcessComposer(plugin: $0, configJSON: configJSON, log: log), pluginID: manifest.id) })
        return SceneComposerInstance(manifest: manifest, isolated: isolated, backend: backend)
    }

    /// The one place an instance is put in a runner or in this process, by the policy.
    private func place<Backend>(_ kind: PluginKind, _ manifest: PluginManifest, _ placement: Placement,
                                isolated: (RunnerConnection.Launch) throws -> Backend,
                                inProcess: (LoadedPlugin) throws -> Backend) throws -> (Backend, isolated: Bool) {
        try expect(kind, manifest)
        if let launch = try isolatedLaunch(manifest, placement) { return (try isolated(launch), true) }
        return (try inProcess(try load(manifest)), false)
    }

    func expect(_ kind: PluginKind, _ manifest: PluginManifest) throws {
        guard manifest.kind == kind else { throw LookupError.wrongKind(manifest.id, expected: kind, found: manifest.kind) }
    }

    func configJSON(_ manifest: PluginManifest, _ overrides: [String: JSONValue], _ output: URL?) throws -> String {
        try PluginConfigResolver.resolve(manifest: manifest, overrides: overrides, outputDirectory: output).jsonText
    }
}
