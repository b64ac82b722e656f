import Foundation
import SenseBridgeHost

/// One leaf command: its help text and what it runs. Help is data here so `-h`,
/// `--help` and `help <command>` print the same text and a snapshot test can hold it.
struct CommandSpec: Sendable {
    var path: [String]
    var abstract: String
    var usage: String
    var discussion: String? = nil
    var arguments: [(String, String)] = []
    var options: [(String, String)] = []
    var flags: Set<String> = []
    var valueOptions: Set<String> = []
    var run: @Sendable (Arguments, Context) throws -> ExitCode

    var name: String { path.joined(separator: " ") }

    /// Options every command takes, so `--plugin-path` works wherever it is written.
    static let commonOptions: [(String, String)] = [
        ("--plugin-path <dir>", "Search this directory for plugin manifests first (repeatable)."),
        ("-h, --help", "Show help information."),
    ]

    var helpText: String {
        var sections = ["OVERVIEW: \(abstract)"]
        if let discussion { sections.append(discussion) }
        sections.append("USAGE: sensebridge \(usage)")
        if !arguments.isEmpty { sections.append("ARGUMENTS:\n" + HelpFormat.table(arguments)) }
        sections.append("OPTIONS:\n" + HelpFormat.table(options + Self.commonOptions))
        return sections.joined(separator: "\n\n")
    }
}

/// A command with subcommands (`plugins`, `profiles`).
struct CommandGroup: Sendable {
    var name: String
    var abstract: String
    var subcommands: [CommandSpec]

    var helpText: String {
        let rows = subcommands.map { ($0.path.last!, $0.abstract) }
        return """
        OVERVIEW: \(abstract)

        USAGE: sensebridge \(name) <subcommand>

        SUBCOMMANDS:
        \(HelpFormat.table(rows))

          See 'sensebridge help \(name) <subcommand>' for detailed help.
        """
    }
}

enum HelpFormat {
    static func table(_ rows: [(String, String)]) -> String {
        let width = min(max(rows.map(\.0.count).max() ?? 0, 12) + 2, 28)
        return rows.map { name, text in
            let padded = "  " + name
            if padded.count + 1 > width + 2 {
                return padded + "\n" + String(repeating: " ", count: width + 2) + text
            }
            return padded.padding(toLength: width + 2, withPad: " ", startingAt: 0) + text
        }.joined(separator: "\n")
    }
}

/// What every command can reach: the search path and host, built on first use.
final class Context {
    let pluginPaths: [String]
    let environment: [String: String]

    init(pluginPaths: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.pluginPaths = pluginPaths
        self.environment = environment
    }

    lazy var searchPath = PluginSearchPath.standard(commandLine: pluginPaths, environment: environment)
    lazy var host = PluginHost(searchPath: searchPath)
    lazy var profiles = ProfileStore.standard(searchPath: searchPath, environment: environment)
}
