import Foundation
import FuzzSupport
import SenseBridgeHost

/// A plugin manifest from any directory on the plugin path, read as `plugins list` reads it:
/// the file in a plugin directory, the directory listed by `PluginCatalog.discover` (the
/// one manifest reader, from the file's bytes), then what the listing shows of it.
/// Guards: a refusal names the file and a reason, and is the one broken entry of the
/// listing, the same problem a manifest read by its path gets; an accepted manifest is the
/// one plugin listed, field for field as read by its path, with an id and a library; it
/// runs isolated with a reason (it comes from `--plugin-path`, and a manifest cannot ask a
/// plugin the host did not ship into the host's process); its config defaults fit its own
/// schema and none is a secret, so a profile naming it without settings is not refused.
/// The directory holds `libplugin.so` so that a manifest can also be accepted.
let pluginDirectory: URL = {
    let directory = FuzzScratch.directory.appendingPathComponent("plugins")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? Data("not a library; manifests never open it".utf8).write(to: directory.appendingPathComponent("libplugin.so"))
    return directory
}()
let manifestURL = pluginDirectory.appendingPathComponent("plugin.json")
let searchPath = PluginSearchPath(entries: [.init(directory: pluginDirectory, origin: .commandLine)])
/// Empty, and never written: listing only reads it.
let registry = BrokenPluginRegistry(directory: FuzzScratch.directory.appendingPathComponent("state"), warn: { _ in })

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let bytes = input.restData()
    guard (try? bytes.write(to: manifestURL)) != nil else { return 0 }
    let catalog = PluginCatalog.discover(searchPath, registry: registry)
    fuzzCheck(catalog.shadowed.isEmpty, "one manifest shadowed another")
    switch ManifestReader.parse(bytes, at: manifestURL) {
    case .success(let read):
        fuzzCheck(catalog.broken.isEmpty && catalog.plugins.count == 1,
                  "a manifest read by its path was listed as \(catalog.plugins.count) plugins and \(catalog.broken.count) broken")
        guard let listed = catalog.plugins.first else { return 0 }
        let differing = listed.fieldsDiffering(from: read).filter { $0 != "origin" }
        fuzzCheck(differing.isEmpty, "listed and read by its path, the manifest differs in \(differing)")
        fuzzCheck(!listed.id.isEmpty && !listed.version.isEmpty && !listed.libraryPath.isEmpty,
                  "an accepted manifest without an id, a version or a library")
        let decision = IsolationDecision.decide(pluginID: listed.id, manifest: listed.isolation, profileEntry: nil,
                                                commandLine: .unspecified)
        fuzzCheck(decision.isolation == .process, "a plugin the person did not ask to run in process would run in the host's: \(decision.reason)")
        fuzzCheck(!decision.reason.isEmpty, "the listing gives no reason for how the plugin runs")
        for (key, value) in listed.configDefaults {
            guard let field = listed.configSchema[key] else { continue }
            fuzzCheck(!field.isSecret, "config default '\(key)' is a secret")
            fuzzCheck(field.problem(with: value) == nil, "config default '\(key)' does not fit its own schema")
        }
    case .failure(let problem):
        fuzzCheck(catalog.plugins.isEmpty && catalog.broken.count == 1,
                  "a manifest refused by its path was listed as \(catalog.plugins.count) plugins and \(catalog.broken.count) broken")
        guard let broken = catalog.broken.first else { return 0 }
        fuzzCheck(broken.problem == problem, "listed and read by its path, the manifest is refused differently: '\(broken.problem)' and '\(problem)'")
        fuzzCheckNamesReason(broken.problem, mentioning: manifestURL.path)
    }
    return 0
}
