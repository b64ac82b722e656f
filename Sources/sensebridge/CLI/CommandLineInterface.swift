import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Dispatches `sensebridge <command> [<subcommand>] [options]`.
enum CommandLineInterface {
    static let version = "0.1.0"

    static var groups: [CommandGroup] {
        [PluginsCommands.group, ProfilesCommands.group, SettingsCommands.group,
         CredentialsCommands.group, ComposerCommands.group, HistoryCommands.group]
    }

    static var leaves: [CommandSpec] { [DescribeCommand.spec, SayCommand.spec, WalkCommand.spec, ReadCommand.spec, ListenCommand.spec, VocabularyCommand.spec] }

    /// What may come before the command name.
    static let rootOptions: [OptionSpec] = [.flag("--version", "Show the version."), .help, .pluginPath, .isolate, .inProcess]

    static var rootHelp: String {
        let rows = groups.map { ($0.name, $0.abstract) } + leaves.map { ($0.name, $0.abstract) } + [("help", helpSpec.abstract)]
        return """
        OVERVIEW: SenseBridge turns what sensors perceive into hedged speech, captions and haptic cues.

        USAGE: sensebridge <command> [<subcommand>] [options]

        OPTIONS:
        \(HelpFormat.table(rootOptions))

        SUBCOMMANDS:
        \(HelpFormat.table(rows))

          See 'sensebridge help <command>' for detailed help.
        """
    }

    /// `--isolate` and `--in-process` given before the command name.
    nonisolated(unsafe) private static var rootIsolation: (isolate: Bool, inProcess: [String]) = (false, [])

    static func run(_ arguments: [String]) -> Int32 {
        warnAboutLogLevel()
        do {
            let code = try dispatch(arguments)
            return Console.stdoutFailed ? ExitCode.ioError.rawValue : code.rawValue
        } catch let error as CLIError {
            Console.err("sensebridge: \(error.message)")
            return error.code.rawValue
        } catch {
            Console.err("sensebridge: \(error)")
            return ExitCode.software.rawValue
        }
    }

    /// A `SENSEBRIDGE_LOG` that names no level is said once, on stderr, and the log runs
    /// at the default: a typo there should cost the person the events they asked for,
    /// not their session, and not silently either. The variable is then removed, so the
    /// processes this one starts (the harness's checks) do not say it again.
    static func warnAboutLogLevel() {
        let name = HostLog.environmentVariable
        guard let value = ProcessInfo.processInfo.environment[name], HostLog.threshold(named: value) == nil else { return }
        let accepted = HostLog.Level.allCases.map(\.name)
        Console.err("sensebridge: warning: \(name) is '\(value)', which is not a log level; it must be "
                    + "\(accepted.dropLast().joined(separator: ", ")) or \(accepted.last!). Logging at \(HostLog.defaultThreshold.name) instead.")
        unsetenv(name)
    }

    static func dispatch(_ arguments: [String]) throws -> ExitCode {
        // Global options before the command name; a `--` there ends them, so the next word
        // is the command whatever it looks like.
        let global = try Arguments(arguments, options: rootOptions, command: "", stopsAtFirstPositional: true)
        if global.has("--help") {
            Console.out(rootHelp)
            return .ok
        }
        if global.has("--version") {
            Console.out("sensebridge \(version) (plugin ABI \(HostABI.versionString), \(SwiftRuntime.current))")
            return .ok
        }
        let pluginPaths = global.all("--plugin-path")
        rootIsolation = (global.has("--isolate"), global.all("--in-process"))
        var rest = global.remainder
        guard let name = rest.first else {
            Console.err(rootHelp)
            return .usage
        }
        rest.removeFirst()
        if let leaf = (leaves + [helpSpec]).first(where: { $0.path == [name] }) {
            return try run(leaf, rest, pluginPaths)
        }
        guard let group = groups.first(where: { $0.isNamed(name) }) else {
            throw CLIError(message: "Unknown command '\(name)'.\nSee 'sensebridge --help'.", code: .usage)
        }
        guard let subName = rest.first else {
            Console.err(group.helpText)
            return .usage
        }
        if subName == "-h" || subName == "--help" {
            Console.out(group.helpText)
            return .ok
        }
        rest.removeFirst()
        // `plugins -- list`: the word after `--` is the subcommand's name, never help.
        if subName == "--", let literal = rest.first {
            rest.removeFirst()
            return try run(try subcommand(literal, of: group), rest, pluginPaths)
        }
        return try run(try subcommand(subName, of: group), rest, pluginPaths)
    }

    static func subcommand(_ name: String, of group: CommandGroup) throws -> CommandSpec {
        guard let command = group.subcommands.first(where: { $0.path.last == name }) else {
            throw CLIError.usage("Unknown subcommand '\(name)' of '\(group.name)'.", command: group.name)
        }
        return command
    }

    static func run(_ command: CommandSpec, _ arguments: [String], _ pluginPaths: [String]) throws -> ExitCode {
        if Arguments.requestsHelp(arguments) {
            Console.out(command.helpText)
            return .ok
        }
        // The harness's check children judge what a plugin prints on stdout themselves.
        if command.runsPluginCode && command.path != PluginTestCommand.test.path { StandardOutputGuard.claim() }
        let parsed = try Arguments(arguments, options: command.parsedOptions, command: command.name)
        let declares = { (name: String) in command.parsedOptions.contains { $0.name == name } }
        let isolation = try IsolationOptions.commandLine(
            isolate: rootIsolation.isolate || (declares("--isolate") && parsed.has("--isolate")),
            inProcess: rootIsolation.inProcess + (declares("--in-process") ? parsed.all("--in-process") : []),
            command: command.name)
        let context = Context(pluginPaths: pluginPaths + parsed.all("--plugin-path"), isolation: isolation)
        try IsolationOptions.checkInstalled(context, command: command.name)
        // The process exits once the command returns: freeing its catalog (thousands of
        // manifests, an allocation or dozens each) one object at a time first cost more
        // than printing them did.
        defer { finishedContext = context }
        return try command.run(parsed, context)
    }

    /// The last command's context, kept until exit; never read.
    nonisolated(unsafe) private static var finishedContext: Context?

    /// `help` is a command like the others, so it has help of its own: `help --help`,
    /// `help -h` and `help help` print it, as `--help` does for every other command.
    static let helpSpec = CommandSpec(
        path: ["help"],
        abstract: "Show help for a command.",
        arguments: [("[<command>]", "The command to show help for (default: an overview of every command)."),
                    ("[<subcommand>]", "A subcommand of that command.")],
        runsPluginCode: false,
        run: { arguments, _ in try help(arguments.positionals) })

    static func help(_ path: [String]) throws -> ExitCode {
        guard let first = path.first else {
            Console.out(rootHelp)
            return .ok
        }
        if let leaf = (leaves + [helpSpec]).first(where: { $0.path == [first] }) {
            Console.out(leaf.helpText)
            return .ok
        }
        guard let group = groups.first(where: { $0.isNamed(first) }) else {
            throw CLIError(message: "Unknown command '\(first)'.\nSee 'sensebridge --help'.", code: .usage)
        }
        guard path.count > 1 else {
            Console.out(group.helpText)
            return .ok
        }
        Console.out(try subcommand(path[1], of: group).helpText)
        return .ok
    }
}
