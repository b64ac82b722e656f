import Foundation
import SenseBridgeCore

/// Whether a profile can be used as it is: what `profiles list` shows, and what decides
/// whether a session starts.
public enum ProfileStatus: String, Sendable {
    /// Nothing found wrong without running a plugin.
    case ready
    /// A session refuses it (`ProfileProblem.Severity.invalid`).
    case invalid
    /// A session starts without the broken plugin's output and says so.
    case pluginBroken = "plugin-broken"

    public init(_ problems: [ProfileProblem]) {
        if problems.contains(where: { $0.severity == .invalid }) {
            self = .invalid
        } else {
            self = problems.isEmpty ? .ready : .pluginBroken
        }
    }
}

extension OutputProfile {
    /// Everything that can be checked without running a plugin: the locale and detail, each
    /// plugin the profile names (installed, of the kind its slot needs, not broken) and its
    /// settings against that plugin's manifest schema. The one statement of these rules:
    /// `profiles list`, `profiles show` and every session command call it, so a profile
    /// listed `ready` is one a session accepts, and a setting that would fail when its
    /// plugin is created is refused before anything starts.
    public func problems(in catalog: PluginCatalog) -> [ProfileProblem] {
        var problems: [ProfileProblem] = []
        func invalid(_ field: String, _ reason: String) {
            problems.append(ProfileProblem(path: fileURL.path, field: field, reason: "field \"\(field)\" \(reason)"))
        }
        if SpokenLocale(identifier: locale) == nil {
            invalid("locale", "must be \(Self.spokenLocales), not '\(locale)'.")
        }
        if SpokenDetail(rawValue: detail) == nil {
            invalid("detail", "must be brief, standard or detailed, not '\(detail)'.")
        }
        for (index, output) in outputs.enumerated() {
            // The role is how the person hears this output named; a name outside the closed
            // list would be said only as "an output", which the person who wrote it did not mean.
            if let role = output.role, OutputRole(code: role) == .other {
                invalid("renderTargets[\(index)].role", "must be \(Self.spokenRoles), not '\(role)'.")
            }
        }
        for (field, reference, kind) in slots {
            guard let manifest = catalog.manifest(id: reference.id) else {
                if let broken = catalog.broken.first(where: { $0.id == reference.id }) {
                    problems.append(ProfileProblem(path: fileURL.path, field: field, reason:
                        "field \"\(field)\" names '\(reference.id)', which is installed but broken: \(broken.problem)",
                        severity: .pluginBroken))
                } else {
                    invalid(field, "names '\(reference.id)', which is not installed; run 'sensebridge plugins list' to see what is.")
                }
                continue
            }
            guard manifest.kind == kind else {
                invalid(field, "names '\(reference.id)', which is a \(manifest.kind.rawValue), not a \(kind.rawValue).")
                continue
            }
            for problem in PluginConfigResolver.problems(manifest: manifest, overrides: reference.config) {
                invalid("\(field).config.\(problem.key)", "does not fit the settings of '\(reference.id)': it \(problem.reason).")
            }
        }
        return problems
    }

    /// Each plugin the profile names, with the field that names it (as the file wrote it)
    /// and the kind its place needs.
    private var slots: [(field: String, reference: PluginReference, kind: PluginKind)] {
        let targets = outputs.enumerated().flatMap { index, output in
            output.alternatives.enumerated().map { choice, reference in
                (output.listsAlternatives ? "renderTargets[\(index)].alternatives[\(choice)]" : "renderTargets[\(index)]",
                 reference, PluginKind.renderTarget)
            }
        }
        let perceiving = (listsPerceivers ? perceivers : []).enumerated().map { index, reference in ("perceivers[\(index)]", reference, PluginKind.perceiver) }
        return targets + [("composer", composer, .sceneComposer), ("fallbackComposer", fallbackComposer, .sceneComposer)] + perceiving
    }

    /// "speech, captions, braille or haptics", the roles the tables name.
    private static var spokenRoles: String {
        alternatives(OutputRole.allCases.filter { $0 != .other }.map(\.rawValue))
    }

    /// "en, es or vi", from the locales the host speaks.
    private static var spokenLocales: String {
        alternatives(SpokenLocale.allCases.map(\.rawValue))
    }

    /// "a, b or c", for a reason that lists what a field may be.
    private static func alternatives(_ names: [String]) -> String {
        names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}
