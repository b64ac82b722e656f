import Foundation
import SenseBridgeHost

/// `sensebridge profiles list|show`.
enum ProfilesCommands {
    static let group = CommandGroup(name: "profiles", abstract: "List and show output profiles.", subcommands: [list, show])

    static let list = CommandSpec(
        path: ["profiles", "list"],
        abstract: "List the output profiles found, and whether their plugins are installed.",
        options: [.flag("--json", "Print a machine-readable listing.")],
        run: { arguments, context in
            let listing = context.profiles.list()
            let catalog = context.host.catalog
            if arguments.has("--json") {
                Console.json([
                    "profiles": listing.profiles.map { profile -> [String: Any] in
                        ["name": profile.name, "displayName": profile.displayName(), "file": profile.fileURL.path,
                         "problems": profile.problems(in: catalog).map(\.reason)]
                    },
                    "broken": listing.broken.map { ["file": $0.path, "reason": $0.reason] },
                ])
                return .ok
            }
            if listing.profiles.isEmpty {
                Console.out("No profiles found. Searched: \(context.profiles.directories.map(\.path).joined(separator: ", ")).")
            } else {
                let rows = listing.profiles.map { profile -> [String] in
                    let problems = profile.problems(in: catalog)
                    return [profile.name, problems.isEmpty ? "ready" : "\(problems.count) problem(s)", profile.displayName(), profile.fileURL.path]
                }
                Console.out(TextTable.render(header: ["NAME", "STATUS", "DESCRIPTION", "FILE"], rows: rows))
            }
            if !listing.broken.isEmpty {
                Console.out("\nBroken (\(listing.broken.count)):")
                listing.broken.forEach { Console.out("  \($0)") }
            }
            return .ok
        })

    static let show = CommandSpec(
        path: ["profiles", "show"],
        abstract: "Show one profile: its render targets with their settings, and its composers.",
        arguments: [("<name|path>", "A profile name such as 'blind', or the path of a profile file.")],
        options: [.flag("--json", "Print the profile as JSON.")],
        run: { arguments, context in
            guard arguments.positionals.count == 1 else {
                throw CLIError.usage("Expected exactly one profile name or path.", command: "profiles show")
            }
            let profile = try ProfileLookup.load(arguments.positionals[0], context: context)
            let problems = profile.problems(in: context.host.catalog)
            func reference(_ r: OutputProfile.PluginReference) -> [String: Any] {
                ["id": r.id, "config": r.config.mapValues(\.any)]
            }
            /// A plain target as a reference; alternatives as the profile wrote them.
            func output(_ o: OutputProfile.Output) -> [String: Any] {
                guard o.alternatives.count > 1 || o.role != nil else { return reference(o.alternatives[0]) }
                return ["alternatives": o.alternatives.map(reference), "role": o.role ?? NSNull()]
            }
            if arguments.has("--json") {
                Console.json([
                    "name": profile.name, "file": profile.fileURL.path, "displayName": profile.displayName(),
                    "locale": profile.locale, "detail": profile.detail,
                    "renderTargets": profile.outputs.map(output), "composer": reference(profile.composer),
                    "fallbackComposer": reference(profile.fallbackComposer), "problems": problems.map(\.reason),
                ])
            } else {
                var lines = ["\(profile.displayName()) (\(profile.name))", "  file:     \(profile.fileURL.path)",
                             "  locale:   \(profile.locale)", "  detail:   \(profile.detail)", "", "  render targets:"]
                for output in profile.outputs {
                    let first = output.alternatives.count > 1 || output.role != nil
                    if first { lines.append("    \(output.role ?? "first that starts of"):") }
                    for target in output.alternatives {
                        lines.append((first ? "      " : "    ") + target.id + (target.config.isEmpty ? "" : "  \(target.config.jsonText)"))
                    }
                }
                lines.append("  composer:          \(profile.composer.id)")
                lines.append("  fallback composer: \(profile.fallbackComposer.id)")
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

enum ProfileLookup {
    /// Loads a profile by name or path; the error names the file or the directories searched.
    static func load(_ nameOrPath: String, context: Context) throws -> OutputProfile {
        do {
            return try context.profiles.profile(nameOrPath)
        } catch let problem as ProfileProblem {
            throw CLIError(message: problem.description, code: .config)
        } catch let error as ProfileStore.LookupError {
            throw CLIError(message: error.description, code: .noInput)
        }
    }
}
