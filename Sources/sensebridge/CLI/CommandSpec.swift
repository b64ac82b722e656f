import Foundation
import SenseBridgeHost

/// One leaf command: its help text and what it runs. Help is data here so `-h`,
/// `--help` and `help <command>` print the same text and a snapshot test can hold it;
/// the usage line and the options table are derived from `options`, which is also what
/// the parser accepts, so each option is written down once.
struct CommandSpec: Sendable {
    var path: [String]
    var abstract: String
    var discussion: String? = nil
    var arguments: [(String, String)] = []
    /// What the command reads on standard input, shown in the usage line as a
    /// redirection (`< key-file`).
    var standardInput: String? = nil
    var options: [OptionSpec] = []
    /// Whether the command may run plugin code in this process. Only one that may is given
    /// `StandardOutputGuard` before it runs: the guard's pipe and drain thread were most of
    /// the start-up of a command that only reads manifests.
    var runsPluginCode = true
    var run: @Sendable (Arguments, Context) throws -> ExitCode

    var name: String { path.joined(separator: " ") }

    /// Options every command takes, so `--plugin-path` works wherever it is written.
    static let commonOptions: [OptionSpec] = [.pluginPath, .help]

    /// What the parser accepts: the command's own options, then the common ones.
    var parsedOptions: [OptionSpec] { options + Self.commonOptions }

    /// The command's own options follow its arguments; the common ones are left to the
    /// options table, so every usage line is not padded with the same two.
    var usage: String {
        ([name] + arguments.map(\.0) + (standardInput.map { ["< \($0)"] } ?? [])
            + options.filter { !$0.hidden }.map(\.usage)).joined(separator: " ")
    }

    var helpText: String {
        var sections = ["OVERVIEW: \(abstract)"]
        if let discussion { sections.append(discussion) }
        sections.append("USAGE: sensebridge \(usage)")
        if !arguments.isEmpty { sections.append("ARGUMENTS:\n" + HelpFormat.table(arguments)) }
        sections.append("OPTIONS:\n" + HelpFormat.table(parsedOptions))
        return sections.joined(separator: "\n\n")
    }
}

/// A command with subcommands (`plugins`, `profiles`).
struct CommandGroup: Sendable {
    var name: String
    var abstract: String
    var subcommands: [CommandSpec]
    /// Other names that reach this group exactly as its own does, shown in no help:
    /// a former name kept for the scripts that use it.
    var hiddenAliases: [String] = []

    func isNamed(_ word: String) -> Bool { word == name || hiddenAliases.contains(word) }

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
    /// The options table: every option that is not hidden, in declaration order.
    static func table(_ options: [OptionSpec]) -> String {
        table(options.filter { !$0.hidden }.map { ($0.label, $0.help) })
    }

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
    /// `--isolate` or `--in-process`, before the command name or after it.
    let isolation: CommandLineIsolation

    init(pluginPaths: [String], isolation: CommandLineIsolation = .unspecified,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.pluginPaths = pluginPaths
        self.isolation = isolation
        self.environment = environment
    }

    lazy var searchPath = PluginSearchPath.standard(commandLine: pluginPaths, environment: environment)
    /// The same registry the host's catalog reads.
    lazy var brokenPlugins = BrokenPluginRegistry.standard(environment)
    lazy var host = PluginHost(searchPath: searchPath, registry: brokenPlugins, isolation: IsolationSettings(commandLine: isolation))
    lazy var profiles = ProfileStore.standard(searchPath: searchPath, environment: environment)
}
