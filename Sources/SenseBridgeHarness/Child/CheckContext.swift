import Foundation
import SenseBridgeHost
import SenseBridgeCore

/// What a check running in its child process can reach: the manifest, the loaded
/// plugin, the host-services tables, a scratch output directory, and the channel
/// it reports its steps on.
final class CheckContext {
    let manifest: PluginManifest
    /// The time this check may take before the harness kills it; adaptive loops
    /// size themselves to a fraction of it so they finish before that.
    let timeout: TimeInterval
    let outputDirectory: URL
    let validator: CompositionJudging
    /// Values laid over the manifest's defaults (`--config`), as a profile would.
    let configOverrides: [String: JSONValue]
    let logAudit = LogAudit()
    private let channel: HarnessChannel?
    private var loaded: LoadedPlugin?
    private var tables: [String: HostServicesTable] = [:]

    init(manifest: PluginManifest, timeout: TimeInterval, outputDirectory: URL, validator: CompositionJudging,
         configOverrides: [String: JSONValue] = [:], channel: HarnessChannel?) {
        self.manifest = manifest
        self.configOverrides = configOverrides
        self.timeout = timeout
        self.outputDirectory = outputDirectory
        self.validator = validator
        self.channel = channel
    }

    /// The host-services table for instances created with `configJSON`, carrying that
    /// config's key/value entries as the host's would (NULL ones for a malformed config).
    /// One per config for the whole check: it must outlive every instance made with it,
    /// and a loop of creates must not grow memory the harness measures.
    func services(configJSON: String) -> HostServicesTable {
        if let table = tables[configJSON] { return table }
        let table = HostServicesTable(pluginID: manifest.id, log: logAudit.log, configJSON: configJSON)
        tables[configJSON] = table
        return table
    }

    /// The table a plugin's self-tests get: the one its default config would be created
    /// with, so a test that creates an instance from `host` sees what the host gives.
    func defaultServices() throws -> HostServicesTable {
        services(configJSON: try defaultConfigJSON())
    }

    /// Announces what the check is about to do, so a crash or hang is reported
    /// with the call it happened in.
    func step(_ text: String) {
        channel?.step(text)
    }

    /// Loads the library (the `manifest` check judges a failure; every other check
    /// was only scheduled because that one passed).
    func plugin() throws -> LoadedPlugin {
        if let loaded { return loaded }
        step("loading \(manifest.libraryURL.lastPathComponent)")
        do {
            let plugin = try LoadedPlugin.load(manifest)
            loaded = plugin
            return plugin
        } catch let problem as PluginProblem {
            throw CheckFailure(problem.explanation)
        }
    }

    /// "the default config", or "the given config" when `--config` changed it.
    var configName: String { configOverrides.isEmpty ? "the default config" : "the given config" }

    /// The manifest's defaults (with `--config` laid over them) and `{output}`
    /// pointing into the harness's scratch directory, so a render target that writes
    /// files writes them there.
    func defaultConfigJSON() throws -> String {
        do {
            return try PluginConfigResolver.resolve(manifest: manifest, overrides: configOverrides, outputDirectory: outputDirectory).jsonText
        } catch {
            throw CheckFailure("the manifest's config defaults cannot be resolved: \(error)")
        }
    }
}
