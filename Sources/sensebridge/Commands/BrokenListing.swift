import Foundation
import SenseBridgeHost

/// How what cannot be used is shown (`plugins list`, `plugins list --broken`, `plugins
/// rescan`): broken manifests and remembered breakage side by side, since a person asking
/// "why is my plugin not there" should not have to know which of the two it is.
enum BrokenListing {
    /// The RUNS column.
    static func runs(_ decision: IsolationDecision) -> String {
        switch decision.isolation {
        case .process: return "isolated"
        case .inProcess: return "in process"
        }
    }

    static func json(_ entry: BrokenPluginRegistry.Entry) -> [String: Any] {
        ["id": entry.id, "manifest": entry.manifestPath, "library": entry.libraryPath, "phase": entry.phase.rawValue,
         "when": entry.when, "reason": entry.reason]
    }

    /// `broken` keeps the shape it always had (manifest problems); `remembered` is new.
    static func json(_ catalog: PluginCatalog) -> [String: Any] {
        [
            "broken": catalog.manifestProblems.map { entry -> [String: Any] in
                ["manifest": entry.problem.path, "reason": entry.problem.explanation, "id": entry.id ?? NSNull()]
            },
            "remembered": catalog.remembered.compactMap { $0.remembered.map(json) },
        ]
    }

    /// One table, a row per thing that cannot be used: PHASE `manifest` for a file the
    /// host refuses, or where a remembered plugin broke.
    static func table(_ catalog: PluginCatalog) -> String {
        let problems = catalog.manifestProblems
        let remembered = catalog.remembered.compactMap(\.remembered)
        guard !problems.isEmpty || !remembered.isEmpty else {
            return "Nothing is broken: every manifest reads and no plugin is remembered broken."
        }
        let rows = problems.map { [$0.id ?? "-", "manifest", "-", $0.problem.path, $0.problem.explanation] }
            + remembered.map { [$0.id, $0.phase.rawValue, $0.when, $0.manifestPath, $0.reason] }
        var text = TextTable.render(header: ["ID", "PHASE", "WHEN", "FILE", "REASON"], rows: rows)
        if !remembered.isEmpty {
            text += "\n\nA remembered plugin is skipped until its library file changes; run 'sensebridge plugins rescan' to retry it now."
        }
        return text
    }
}
