import Foundation
import SenseBridgeHost

/// `sensebridge profiles list|show`.
enum ProfilesCommands {
    static let group = CommandGroup(name: "profiles", abstract: "List and show output profiles.", subcommands: [list, show])

    /// How a problem reads in `--json`: the field (null for the file as a whole), the whole
    /// reason as printed, and its severity's status.
    static func json(_ problem: ProfileProblem) -> [String: Any] {
        ["field": problem.field ?? NSNull(), "reason": problem.reason,
         "status": ProfileStatus([problem]).rawValue]
    }

    /// What `profiles list` prints in its STATUS column.
    static func statusText(_ status: ProfileStatus, problems: Int) -> String {
        switch status {
        case .ready: return "ready"
        case .invalid: return "invalid (\(problems) problem\(problems == 1 ? "" : "s"))"
        case .pluginBroken: return "plugin broken"
        }
    }

    static let exitStatus = """
        A profile is ready when nothing is found wrong without running a plugin: its locale and detail, each plugin it names (installed, of the right kind, not broken) and each plugin's settings against that plugin's manifest schema. A session (describe, walk, read, say) refuses an invalid profile before anything starts, with exit status 78; a plugin that is installed but broken does not stop a session, which says that output is lost. A profile that does not exist, by name or by path, is exit status 66.
        """

    static let list = CommandSpec(
        path: ["profiles", "list"],
        abstract: "List the output profiles found, and whether each is ready to use.",
        discussion: exitStatus + " Every problem is listed with the file and the field. Listing exits 0 whatever it found.",
        options: [.flag("--json", "Print a machine-readable listing.")],
        run: { arguments, context in
            let listing = context.profiles.list()
            let catalog = context.host.catalog
            let judged = listing.profiles.map { profile in (profile, profile.problems(in: catalog)) }
            if arguments.has("--json") {
                Console.json([
                    "profiles": judged.map { profile, problems -> [String: Any] in
                        ["name": profile.name, "displayName": profile.displayName(), "file": profile.fileURL.path,
                         "status": ProfileStatus(problems).rawValue, "problems": problems.map(json)]
                    },
                    "broken": listing.broken.map { ["file": $0.path, "reason": $0.reason] },
                ])
                return .ok
            }
            if listing.profiles.isEmpty {
                Console.out("No profiles found. Searched: \(context.profiles.directories.map(\.path).joined(separator: ", ")).")
            } else {
                let rows = judged.map { profile, problems -> [String] in
                    [profile.name, statusText(ProfileStatus(problems), problems: problems.count), profile.displayName(), profile.fileURL.path]
                }
                Console.out(TextTable.render(header: ["NAME", "STATUS", "DESCRIPTION", "FILE"], rows: rows))
            }
            let problems = judged.flatMap(\.1)
            if !problems.isEmpty {
                Console.out("\nProblems (\(problems.count)):")
                problems.forEach { Console.out("  \($0)") }
            }
            if !listing.broken.isEmpty {
                Console.out("\nBroken (\(listing.broken.count)):")
                listing.broken.forEach { Console.out("  \($0)") }
            }
            return .ok
        })

    static let show = CommandSpec(
        path: ["profiles", "show"],
        abstract: "Show one profile: its render targets with their settings, its composers, and whether it is ready.",
        discussion: exitStatus + " 'profiles show' exits 78 when it finds any problem.",
        arguments: [("<name|path>", "A profile name such as 'blind', or the path of a profile file.")],
        options: [.flag("--json", "Print the profile as JSON.")],
        run: { arguments, context in
            guard arguments.positionals.count == 1 else {
                throw CLIError.usage("Expected exactly one profile name or path.", command: "profiles show")
            }
            let profile = try ProfileLookup.load(arguments.positionals[0], context: context)
            let problems = profile.problems(in: context.host.catalog)
            let status = ProfileStatus(problems)
            func reference(_ r: OutputProfile.PluginReference) -> [String: Any] {
                ["id": r.id, "config": r.config.mapValues(\.any)]
            }
            /// A plain target as a reference; alternatives as the profile wrote them.
            func output(_ o: OutputProfile.Output) -> [String: Any] {
                guard o.listsAlternatives else { return reference(o.alternatives[0]) }
                return ["alternatives": o.alternatives.map(reference), "role": o.role ?? NSNull()]
            }
            if arguments.has("--json") {
                Console.json([
                    "name": profile.name, "file": profile.fileURL.path, "displayName": profile.displayName(),
                    "locale": profile.locale, "detail": profile.detail,
                    "renderTargets": profile.outputs.map(output), "composer": reference(profile.composer),
                    "fallbackComposer": reference(profile.fallbackComposer), "perceivers": profile.perceivers.map(reference),
                    "status": status.rawValue, "problems": problems.map(json),
                ])
            } else {
                var lines = ["\(profile.displayName()) (\(profile.name))", "  file:     \(profile.fileURL.path)",
                             "  status:   \(statusText(status, problems: problems.count))",
                             "  locale:   \(profile.locale)", "  detail:   \(profile.detail)", "", "  render targets:"]
                for output in profile.outputs {
                    let first = output.listsAlternatives
                    if first { lines.append("    \(output.role ?? "first that starts of"):") }
                    for target in output.alternatives {
                        lines.append((first ? "      " : "    ") + target.id + (target.config.isEmpty ? "" : "  \(target.config.jsonText)"))
                    }
                }
                lines.append("  composer:          \(profile.composer.id)")
                lines.append("  fallback composer: \(profile.fallbackComposer.id)")
                lines.append("  perceivers:        \(profile.perceivers.map(\.id).joined(separator: ", "))")
                if !problems.isEmpty {
                    lines.append("")
                    lines.append("  problems:")
                    problems.forEach { lines.append("    \($0.reason)") }
                }
                Console.out(lines.joined(separator: "\n"))
            }
            return problems.isEmpty ? .ok : .config
        })
}
