import Foundation
import SenseBridgeHost

/// `sensebridge plugins list|inspect|test`. `list` and `inspect` read manifests only, so
/// no plugin code runs; `test` (PluginTestCommand) loads the library, in child processes.
enum PluginsCommands {
    /// `plugin` was a group of its own holding only `test`, one letter from this one; it
    /// stays as a hidden alias so scripts and the harness's own re-invocation
    /// (`plugin test --run-one`) keep working, while help shows one name.
    static let group = CommandGroup(name: "plugins", abstract: "List, inspect and test plugins.",
                                    subcommands: [list, inspect, PluginTestCommand.test], hiddenAliases: ["plugin"])

    static let list = CommandSpec(
        path: ["plugins", "list"],
        abstract: "List the plugins found on the search path, broken ones with their reason.",
        discussion: "Reads manifests only: no plugin library is loaded. The first manifest with an id wins; later ones are reported as shadowed.",
        options: [.flag("--json", "Print a machine-readable listing."),
                  .flag("--strict", "Exit with 78 when any manifest is broken or shadowed.")],
        run: { arguments, context in
            let catalog = context.host.catalog
            if arguments.has("--json") {
                Console.json([
                    "searchPath": catalog.searchPath.entries.map { ["directory": $0.directory.path, "origin": $0.origin.rawValue] },
                    "plugins": catalog.plugins.map(ManifestJSON.summary),
                    "broken": catalog.broken.map { entry -> [String: Any] in
                        var item: [String: Any] = ["manifest": entry.problem.path, "reason": entry.problem.explanation]
                        if let id = entry.id { item["id"] = id }
                        return item
                    },
                    "shadowed": catalog.shadowed.map { ["id": $0.manifest.id, "manifest": $0.manifest.manifestURL.path, "shadowedBy": $0.winner.manifestURL.path] },
                ])
            } else {
                printTable(catalog)
            }
            let problems = catalog.broken.count + catalog.shadowed.count
            return arguments.has("--strict") && problems > 0 ? .config : .ok
        })

    static let inspect = CommandSpec(
        path: ["plugins", "inspect"],
        abstract: "Show one plugin's manifest: kind, ABI, library, capabilities and settings.",
        arguments: [("<id>", "The plugin's reverse-DNS id, as 'plugins list' shows it.")],
        options: [.flag("--json", "Print the manifest's details as JSON.")],
        run: { arguments, context in
            guard arguments.positionals.count == 1 else {
                throw CLIError.usage("Expected exactly one plugin id.", command: "plugins inspect")
            }
            let id = arguments.positionals[0]
            let manifest: PluginManifest
            do {
                manifest = try context.host.manifest(id: id)
            } catch let error as PluginHost.LookupError {
                if case .broken = error { throw CLIError(message: error.description, code: .config) }
                throw CLIError(message: error.description, code: .unavailable)
            }
            if arguments.has("--json") {
                Console.json(ManifestJSON.detail(manifest))
            } else {
                Console.out(ManifestJSON.humanDetail(manifest))
                if let shadow = context.host.catalog.shadowed.first(where: { $0.manifest.id == id }) {
                    Console.err("note: \(shadow.manifest.manifestURL.path) also declares \(id) and is shadowed by this one.")
                }
            }
            return .ok
        })

    private static func printTable(_ catalog: PluginCatalog) {
        if catalog.plugins.isEmpty {
            Console.out("No plugins found. Searched: \(catalog.searchPath.entries.map(\.directory.path).joined(separator: ", ")).")
        } else {
            let rows = catalog.plugins.map { [$0.id, $0.kind.rawValue, $0.version, $0.capabilities.usesNetwork ? "network" : "local", $0.manifestURL.path] }
            Console.out(TextTable.render(header: ["ID", "KIND", "VERSION", "DATA", "MANIFEST"], rows: rows))
        }
        if !catalog.broken.isEmpty {
            Console.out("\nBroken (\(catalog.broken.count)):")
            catalog.broken.forEach { Console.out("  \($0.problem)") }
        }
        if !catalog.shadowed.isEmpty {
            Console.out("\nShadowed (\(catalog.shadowed.count)):")
            catalog.shadowed.forEach { Console.out("  \($0.manifest.manifestURL.path): \($0.manifest.id) is shadowed by \($0.winner.manifestURL.path)") }
        }
    }
}

enum TextTable {
    static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
