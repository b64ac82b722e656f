import Foundation
import SenseBridgeHost

/// `sensebridge plugins list|inspect|test|rescan`. `list`, `inspect` and `rescan` read
/// manifests (and the registry of remembered breakage) only, so no plugin code runs;
/// `test` (PluginTestCommand) loads the library, in child processes.
enum PluginsCommands {
    /// `plugin` was a group of its own holding only `test`, one letter from this one; it
    /// stays as a hidden alias so scripts and the harness's own re-invocation
    /// (`plugin test --run-one`) keep working, while help shows one name.
    static let group = CommandGroup(name: "plugins", abstract: "List, inspect and test plugins.",
                                    subcommands: [list, inspect, PluginTestCommand.test, RescanCommand.rescan],
                                    hiddenAliases: ["plugin"])

    static let list = CommandSpec(
        path: ["plugins", "list"],
        abstract: "List the plugins found on the search path, broken ones with their reason.",
        discussion: """
        Reads manifests only: no plugin library is loaded. The first manifest with an id wins; later ones \
        are reported as shadowed. RUNS says whether a plugin would run isolated in its own process (the \
        default) or inside the host's, and WHY what decided it; a profile can decide otherwise for its own \
        plugins (docs/MANIFESTS.md, "Isolation and remembered breakage"). A plugin that crashed or hung \
        a host while loading, or in 'plugins test', is remembered and skipped until its library file \
        changes; it is listed under "Remembered broken", and 'sensebridge plugins rescan' retries it.
        """,
        options: [.flag("--json", "Print a machine-readable listing."),
                  .flag("--broken", "List only what cannot be used: broken manifests and remembered breakage."),
                  .flag("--isolate", "Show how the plugins would run under --isolate: each in its own process."),
                  .value("--in-process", "ids|all", "Show how the plugins would run under --in-process (repeatable).", repeatable: true),
                  .flag("--strict", "Exit with 78 when any manifest is broken or shadowed, or a plugin is remembered broken.")],
        runsPluginCode: false,
        run: { arguments, context in
            let catalog = context.host.catalog
            let json = arguments.has("--json")
            if arguments.has("--broken") {
                if json { Console.json(BrokenListing.json(catalog)) } else { Console.out(BrokenListing.table(catalog)) }
            } else if json {
                var object = BrokenListing.json(catalog)
                object["searchPath"] = catalog.searchPath.entries.map { ["directory": $0.directory.path, "origin": $0.origin.rawValue] }
                object["plugins"] = catalog.plugins.map { manifest -> [String: Any] in
                    var item = ManifestJSON.summary(manifest)
                    let decision = IsolationDecision.decide(for: manifest, profileEntry: nil, commandLine: context.isolation)
                    item["isolation"] = decision.isolation.rawValue
                    item["isolationReason"] = decision.reason
                    return item
                }
                object["shadowed"] = catalog.shadowed.map { ["id": $0.manifest.id, "manifest": $0.manifest.manifestURL.path, "shadowedBy": $0.winner.manifestURL.path] }
                Console.json(object)
            } else {
                printTable(catalog, isolation: context.isolation)
            }
            let problems = catalog.broken.count + catalog.shadowed.count
            return arguments.has("--strict") && problems > 0 ? .config : .ok
        })

    static let inspect = CommandSpec(
        path: ["plugins", "inspect"],
        abstract: "Show one plugin's manifest: kind, ABI, library, capabilities and settings.",
        arguments: [("<id>", "The plugin's reverse-DNS id, as 'plugins list' shows it.")],
        options: [.flag("--json", "Print the manifest's details as JSON.")],
        runsPluginCode: false,
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

    private static func printTable(_ catalog: PluginCatalog, isolation: CommandLineIsolation) {
        if catalog.plugins.isEmpty {
            Console.out("No plugins found. Searched: \(catalog.searchPath.entries.map(\.directory.path).joined(separator: ", ")).")
        } else {
            // One flat array of cells, a row after another: an array per row was an
            // allocation per plugin for a table printed once.
            var cells: [String] = []
            let plugins = catalog.plugins
            cells.reserveCapacity(plugins.count * 7)
            // By index, so each manifest is read in place rather than copied whole.
            for index in plugins.indices {
                // A switch over a few values whose two cells are literals: nothing to keep
                // from one row to the next.
                let decision = IsolationDecision.decide(pluginID: plugins[index].id, manifest: plugins[index].isolation,
                                                        profileEntry: nil, commandLine: isolation)
                cells.append(plugins[index].id)
                cells.append(plugins[index].kind.rawValue)
                cells.append(plugins[index].version)
                cells.append(plugins[index].capabilities.usesNetwork ? "network" : "local")
                cells.append(BrokenListing.runs(decision))
                cells.append(decision.cause.rawValue)
                cells.append(plugins[index].manifestPath)
            }
            Console.out(bytes: TextTable.renderBytes(header: ["ID", "KIND", "VERSION", "DATA", "RUNS", "WHY", "MANIFEST"], cells: cells))
        }
        let problems = catalog.manifestProblems
        if !problems.isEmpty {
            Console.out("\nBroken (\(problems.count)):")
            problems.forEach { Console.out("  \($0.problem)") }
        }
        // Listed even without --broken: a plugin skipped in silence would look merely absent.
        let remembered = catalog.remembered
        if !remembered.isEmpty {
            Console.out("\nRemembered broken (\(remembered.count)):")
            remembered.forEach { Console.out("  \($0.problem)") }
        }
        if !catalog.shadowed.isEmpty {
            Console.out("\nShadowed (\(catalog.shadowed.count)):")
            catalog.shadowed.forEach { Console.out("  \($0.manifest.manifestPath): \($0.manifest.id) is shadowed by \($0.winner.manifestPath)") }
        }
    }
}

enum TextTable {
    /// Columns padded to their widest cell (in characters), two spaces apart; the last
    /// column is not padded.
    static func render(header: [String], rows: [[String]]) -> String {
        String(decoding: renderBytes(header: header, cells: rows.flatMap { $0 }), as: UTF8.self)
    }

    /// The same table from its cells a row after another, `header.count` to a row, as the
    /// UTF-8 bytes to print, built in one buffer: a table of a thousand plugins spent more
    /// in String's appends than in the rest of printing.
    static func renderBytes(header: [String], cells: [String]) -> [UInt8] {
        let columns = header.count
        precondition(columns > 0 && cells.count % columns == 0, "a table's cells fill whole rows")
        let all = header + cells
        // Each cell's width once: -1 marks a cell that is not plain ASCII, padded by NSString.
        var measured = [Int](repeating: 0, count: all.count)
        var widths = [Int](repeating: 0, count: columns)
        var bytes = 0
        for index in all.indices {
            let plainCount = plainASCIICount(all[index])
            measured[index] = plainCount ?? -1
            widths[index % columns] = max(widths[index % columns], plainCount ?? all[index].count)
            bytes += all[index].utf8.count + 2
        }
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: widths.max() ?? 0)
        var text: [UInt8] = []
        text.reserveCapacity(bytes + (all.count / columns) * widths.reduce(0, +))
        func appendCell(_ cell: String) {
            if cell.utf8.withContiguousStorageIfAvailable({ text.append(contentsOf: $0) }) == nil { text.append(contentsOf: cell.utf8) }
        }
        for index in all.indices {
            let column = index % columns
            if index > 0 {
                if column == 0 {
                    text.append(UInt8(ascii: "\n"))
                } else {
                    text.append(UInt8(ascii: " "))
                    text.append(UInt8(ascii: " "))
                }
            }
            let cell = all[index]
            if column == columns - 1 {
                appendCell(cell)
            } else if measured[index] >= 0 {
                appendCell(cell)
                text.append(contentsOf: spaces[..<(widths[column] - measured[index])])
            } else {
                // As the table has always padded: NSString counts UTF-16 units.
                appendCell(cell.padding(toLength: widths[column], withPad: " ", startingAt: 0))
            }
        }
        return text
    }

    /// The byte count of a cell of printable ASCII only (one character and one UTF-16
    /// unit per byte, so neither the grapheme walk of `count` nor NSString is needed),
    /// checked eight bytes at a time; nil for any other cell.
    private static func plainASCIICount(_ cell: String) -> Int? {
        let count = cell.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var index = 0
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                // A byte below 0x20, or above 0x7E (0x7F and every non-ASCII byte).
                let below = (word &- ones &* 0x20) & ~word & highs
                let above = ((word &+ ones) | word) & highs
                if below | above != 0 { return nil }
                index += 8
            }
            while index < bytes.count {
                guard bytes[index] >= 0x20 && bytes[index] < 0x7F else { return nil }
                index += 1
            }
            return bytes.count
        }
        return count ?? nil
    }
}
