import Foundation
import SenseBridgeHost

/// `sensebridge plugins rescan [<id>]`: forget remembered breakage, then read the
/// catalog again. It loads nothing: like listing, it must not be the thing that crashes;
/// a plugin that still breaks is remembered again when it is next used.
enum RescanCommand {
    static let rescan = CommandSpec(
        path: ["plugins", "rescan"],
        abstract: "Forget the plugins remembered as broken, so the host tries them again.",
        discussion: """
        The host remembers a plugin whose library crashed or hung it while loading, or in 'plugins test', \
        in $XDG_STATE_HOME/sensebridge/broken-plugins.json, and skips it until that library file changes \
        (a rebuilt plugin is retried by itself). Rescan forgets it now (every remembered plugin, or one \
        id), then reads the manifests again and says which plugins can be used. No plugin code runs; one \
        that breaks again is remembered again when it is next used.
        """,
        arguments: [("[<id>]", "Forget only this plugin (default: every remembered one).")],
        options: [.flag("--json", "Print what was forgotten and what can be used now as JSON.")],
        run: { arguments, context in
            guard arguments.positionals.count <= 1 else {
                throw CLIError.usage("Expected at most one plugin id.", command: "plugins rescan")
            }
            let id = arguments.positionals.first
            let registry = context.brokenPlugins
            let forgotten: [BrokenPluginRegistry.Entry]
            do {
                if let id { forgotten = try registry.clear(id: id) } else { forgotten = try registry.clear() }
            } catch {
                throw CLIError(message: "The remembered breakage cannot be forgotten: \(error). Check that \(registry.directory.path) is writable.",
                               code: .cantCreate)
            }
            // Read afresh, not through the host: it may have read the registry before it was cleared.
            let catalog = PluginCatalog.discover(context.searchPath, registry: registry)
            var ids: [String] = []
            for candidate in forgotten.map(\.id) + (id.map { [$0] } ?? []) where !ids.contains(candidate) {
                ids.append(candidate)
            }
            let states = ids.map { state(of: $0, in: catalog, isolation: context.isolation) }
            if arguments.has("--json") {
                Console.json([
                    "forgotten": forgotten.map(BrokenListing.json),
                    "plugins": states.map { ["id": $0.id, "status": $0.status, "detail": $0.detail] },
                ])
            } else {
                Console.out(text(forgotten: forgotten, id: id, states: states))
            }
            return .ok
        })

    struct State {
        var id: String
        /// `usable`, `broken` or `not-found`.
        var status: String
        var detail: String
    }

    static func state(of id: String, in catalog: PluginCatalog, isolation: CommandLineIsolation) -> State {
        if let manifest = catalog.manifest(id: id) {
            let runs = BrokenListing.runs(IsolationDecision.decide(for: manifest, profileEntry: nil, commandLine: isolation))
            return State(id: id, status: "usable", detail: "\(manifest.manifestURL.path); loaded on next use (\(runs))")
        }
        if let broken = catalog.broken.first(where: { $0.id == id }) {
            return State(id: id, status: "broken", detail: broken.problem.description)
        }
        return State(id: id, status: "not-found", detail: "no manifest with this id on the search path")
    }

    static func text(forgotten: [BrokenPluginRegistry.Entry], id: String?, states: [State]) -> String {
        var lines: [String] = []
        if forgotten.isEmpty {
            lines.append(id.map { "Nothing was remembered as broken about '\($0)'." } ?? "Nothing was remembered as broken.")
        } else {
            lines.append("Forgot \(forgotten.count) remembered breakage\(forgotten.count == 1 ? "" : "s"):")
            lines += forgotten.map { "  \($0.id): broke \($0.phase.summary) at \($0.when): \($0.reason)" }
        }
        let groups: [(String, String)] = [("usable", "Can be used now"), ("broken", "Still broken"), ("not-found", "Not on the search path")]
        for (status, title) in groups {
            let matching = states.filter { $0.status == status }
            guard !matching.isEmpty else { continue }
            lines.append("")
            lines.append("\(title):")
            lines += matching.map { "  \($0.id): \($0.detail)" }
        }
        return lines.joined(separator: "\n")
    }
}
