import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Dispatches `sensebridge <command> [<subcommand>] [options]`.
enum CommandLineInterface {
    static let version = "0.1.0"

    static var groups: [CommandGroup] {
        [PluginsCommands.group, ProfilesCommands.group, PluginTestCommand.group, SettingsCommands.group,
         CredentialsCommands.group, ComposerCommands.group]
    }

    static var leaves: [CommandSpec] { [DescribeCommand.spec, SayCommand.spec, WalkCommand.spec] }

    /// What may come before the command name.
    static let rootOptions: [OptionSpec] = [.flag("--version", "Show the version."), .help, .pluginPath]

    static var rootHelp: String {
        let rows = groups.map { ($0.name, $0.abstract) } + leaves.map { ($0.name, $0.abstract) } + [("help", "Show help for a command.")]
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

    static func run(_ arguments: [String]) -> Int32 {
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

    static func dispatch(_ arguments: [String]) throws -> ExitCode {
        var rest = arguments
        var pluginPaths: [String] = []
        // Global options before the command name.
        while let first = rest.first, first.hasPrefix("-") {
            switch first {
            case "-h", "--help":
                Console.out(rootHelp)
                return .ok
            case "--version":
                Console.out("sensebridge \(version) (plugin ABI \(HostABI.versionString), \(SwiftRuntime.current))")
                return .ok
            case "--plugin-path":
                guard rest.count > 1 else { throw CLIError.usage("--plugin-path needs a value.", command: "") }
                pluginPaths.append(rest[1])
                rest.removeFirst(2)
            default:
                if first.hasPrefix("--plugin-path=") {
                    pluginPaths.append(String(first.dropFirst("--plugin-path=".count)))
                    rest.removeFirst()
                } else {
                    throw CLIError(message: "Unknown option '\(first)'.\nSee 'sensebridge --help'.", code: .usage)
                }
            }
        }
        guard let name = rest.first else {
            Console.err(rootHelp)
            return .usage
        }
        rest.removeFirst()
        if name == "help" { return try help(rest) }
        if let leaf = leaves.first(where: { $0.path == [name] }) {
            return try run(leaf, rest, pluginPaths)
        }
        guard let group = groups.first(where: { $0.name == name }) else {
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
        guard let command = group.subcommands.first(where: { $0.path.last == subName }) else {
            throw CLIError.usage("Unknown subcommand '\(subName)' of '\(name)'.", command: name)
        }
        return try run(command, rest, pluginPaths)
    }

    static func run(_ command: CommandSpec, _ arguments: [String], _ pluginPaths: [String]) throws -> ExitCode {
        if arguments.contains("-h") || arguments.contains("--help") {
            Console.out(command.helpText)
            return .ok
        }
        let parsed = try Arguments(arguments, options: command.parsedOptions, command: command.name)
        let context = Context(pluginPaths: pluginPaths + parsed.all("--plugin-path"))
        return try command.run(parsed, context)
    }

    static func help(_ path: [String]) throws -> ExitCode {
        guard let first = path.first else {
            Console.out(rootHelp)
            return .ok
        }
        if let leaf = leaves.first(where: { $0.path == [first] }) {
            Console.out(leaf.helpText)
            return .ok
        }
        guard let group = groups.first(where: { $0.name == first }) else {
            throw CLIError(message: "Unknown command '\(first)'.\nSee 'sensebridge --help'.", code: .usage)
        }
        guard path.count > 1 else {
            Console.out(group.helpText)
            return .ok
        }
        guard let command = group.subcommands.first(where: { $0.path.last == path[1] }) else {
            throw CLIError.usage("Unknown subcommand '\(path[1])' of '\(first)'.", command: first)
        }
        Console.out(command.helpText)
        return .ok
    }
}
