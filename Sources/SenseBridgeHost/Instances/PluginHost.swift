import Foundation
import SenseBridgeCore
import Synchronization

/// The host's front door: the catalog read from the search path, and the plugins
/// loaded from it on first use (and kept, since libraries are never unloaded).
public final class PluginHost: Sendable {
    public let catalog: PluginCatalog
    public let log: HostLog
    private let loaded = Mutex<[String: LoadedPlugin]>([:])

    public init(searchPath: PluginSearchPath, log: HostLog = .shared) {
        self.catalog = PluginCatalog.discover(searchPath)
        self.log = log
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
                             outputDirectory: URL? = nil) throws -> RenderTargetInstance {
        let plugin = try load(expecting: .renderTarget, manifest)
        return try RenderTargetInstance(plugin: plugin, configJSON: try configJSON(manifest, config, outputDirectory), log: log)
    }

    /// Refuses a composer whose manifest says `usesNetwork`: those are created only
    /// through `sceneComposer(_:consent:config:secrets:)`, with both consent gates passed.
    public func sceneComposer(_ manifest: PluginManifest, config: [String: JSONValue] = [:],
                              outputDirectory: URL? = nil) throws -> SceneComposerInstance {
        try refuseNetworkWithoutConsent(manifest)
        let plugin = try load(expecting: .sceneComposer, manifest)
        return try SceneComposerInstance(plugin: plugin, configJSON: try configJSON(manifest, config, outputDirectory), log: log)
    }

    public func sensingSource(_ manifest: PluginManifest, config: [String: JSONValue] = [:],
                              outputDirectory: URL? = nil) throws -> SensingSourceInstance {
        let plugin = try load(expecting: .sensingSource, manifest)
        return try SensingSourceInstance(plugin: plugin, configJSON: try configJSON(manifest, config, outputDirectory), log: log)
    }

    /// Creates an instance from a config passed verbatim, skipping the host's own
    /// schema check: the harness uses it to see how a plugin handles bad config itself.
    public func renderTarget(_ manifest: PluginManifest, rawConfig: String) throws -> RenderTargetInstance {
        try RenderTargetInstance(plugin: load(expecting: .renderTarget, manifest), configJSON: rawConfig, log: log)
    }

    public func sceneComposer(_ manifest: PluginManifest, rawConfig: String) throws -> SceneComposerInstance {
        try refuseNetworkWithoutConsent(manifest)
        return try SceneComposerInstance(plugin: load(expecting: .sceneComposer, manifest), configJSON: rawConfig, log: log)
    }

    public func sensingSource(_ manifest: PluginManifest, rawConfig: String) throws -> SensingSourceInstance {
        try SensingSourceInstance(plugin: load(expecting: .sensingSource, manifest), configJSON: rawConfig, log: log)
    }

    func load(expecting kind: PluginKind, _ manifest: PluginManifest) throws -> LoadedPlugin {
        guard manifest.kind == kind else { throw LookupError.wrongKind(manifest.id, expected: kind, found: manifest.kind) }
        return try load(manifest)
    }

    func configJSON(_ manifest: PluginManifest, _ overrides: [String: JSONValue], _ output: URL?) throws -> String {
        try PluginConfigResolver.resolve(manifest: manifest, overrides: overrides, outputDirectory: output).jsonText
    }
}
