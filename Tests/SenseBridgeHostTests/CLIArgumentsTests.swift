import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// How the CLI decides what each word is (Arguments' rules), checked on real command
/// lines: `--` ends options and help, an option where a value belongs is refused, and a
/// negative number or an `=` value is taken as written.
@Suite struct CLIArgumentsTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url)
    }

    @Test func aValueOptionRefusesAnOptionAsItsValue() throws {
        let result = try cli(["walk", "--recording", "--fast"])
        #expect(result.status == 64)
        #expect(result.standardError == """
            sensebridge: --recording needs a value; '--fast' is an option. If the value really begins with a dash, write --recording=--fast.
            See 'sensebridge walk --help'.

            """)
        let beforeDashes = try cli(["walk", "--recording", "--", "x"])
        #expect(beforeDashes.status == 64)
        #expect(beforeDashes.standardError.contains("--recording needs a value before '--'."))
    }

    @Test func anEqualsSignPassesADashedValueThrough() throws {
        let result = try cli(["say", "x", "--signal=--loud"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--signal must be one of alert, clear, description, reading, safety, status, summary, not '--loud'."))
        let flag = try cli(["plugins", "list", "--json=yes"])
        #expect(flag.status == 64 && flag.standardError.contains("--json takes no value."))
    }

    @Test func aNegativeNumberIsAValueForTheCommandToJudge() throws {
        let interval = try cli(["walk", "--narration-interval", "-5"])
        #expect(interval.status == 64)
        #expect(interval.standardError.contains("--narration-interval must be a number of seconds from 1 to 600, not '-5'."))
        let timeout = try cli(["composer", "test-connection", "--timeout", "-0.5"])
        #expect(timeout.status == 64)
        #expect(timeout.standardError.contains("--timeout must be a number of seconds from 0.5 to 8."))
        // As a positional too: the setting's own check answers, not "unknown option".
        let count = try cli(["settings", "set", "requestsPerHour", "-1"])
        #expect(count.status == 64)
        #expect(!count.standardError.contains("Unknown option"), "\(count.standardError)")
        #expect(count.standardError.contains("requestsPerHour"), "\(count.standardError)")
        // Something that only starts like a number is still an option.
        #expect(try cli(["walk", "--narration-interval", "-5x"]).standardError.contains("'-5x' is an option"))
    }

    @Test func afterTwoDashesNothingIsHelp() throws {
        let help = try cli(["plugins", "list", "--help"])
        #expect(help.status == 0 && help.standardOutput.hasPrefix("OVERVIEW: "))
        for words in [["plugins", "list", "--", "--help"], ["plugins", "list", "--json", "--", "-h"], ["plugins", "--", "list", "--", "-h"]] {
            let result = try cli(words)
            #expect(result.status == 0, "\(words): \(result.standardError)")
            #expect(!result.standardOutput.contains("OVERVIEW:"), "\(words) printed help")
        }
        // Help anywhere before `--` still wins, as in swift-argument-parser.
        #expect(try cli(["plugins", "list", "--json", "-h", "--", "x"]).standardOutput == help.standardOutput)
    }

    @Test("help has help of its own: help --help, help -h and help help print it and exit 0")
    func helpHasItsOwnHelp() throws {
        let own = try cli(["help", "--help"])
        #expect(own.status == 0, "\(own.standardError)")
        #expect(own.standardOutput.hasPrefix("OVERVIEW: Show help for a command.\n"), "\(own.standardOutput)")
        #expect(own.standardOutput.contains("USAGE: sensebridge help [<command>] [<subcommand>]"), "\(own.standardOutput)")
        for words in [["help", "-h"], ["help", "help"]] {
            let result = try cli(words)
            #expect(result.status == 0 && result.standardOutput == own.standardOutput, "\(words): \(result.standardError)")
        }
        // And help <command> is unchanged: the command's own help, as --help prints it.
        #expect(try cli(["help", "plugins", "list"]).standardOutput == cli(["plugins", "list", "--help"]).standardOutput)
        #expect(try cli(["help"]).standardOutput == cli(["--help"]).standardOutput)
    }

    @Test("a SENSEBRIDGE_LOG that names no level is warned about once, naming the value and what is accepted; the command still runs")
    func anUnknownLogLevelIsWarnedAboutOnce() throws {
        let result = try ProcessRunner.cli(["plugins", "list", "--json"], home: home.url, extraEnvironment: ["SENSEBRIDGE_LOG": "verbose"])
        #expect(result.status == 0, "\(result.standardError)")
        let warning = "sensebridge: warning: SENSEBRIDGE_LOG is 'verbose', which is not a log level; it must be debug, info, warning or error. Logging at warning instead."
        #expect(result.standardError.components(separatedBy: warning).count == 2, "said once: \(result.standardError)")
        for level in ["debug", "INFO", "warning", "error", ""] {
            let accepted = try ProcessRunner.cli(["plugins", "list", "--json"], home: home.url, extraEnvironment: ["SENSEBRIDGE_LOG": level])
            #expect(accepted.status == 0 && !accepted.standardError.contains("not a log level"), "'\(level)': \(accepted.standardError)")
        }
    }

    @Test func theRootHonoursTwoDashesAndRefusesADashedPluginPath() throws {
        let command = try cli(["--", "--help"])
        #expect(command.status == 64)
        #expect(command.standardError.contains("Unknown command '--help'."))
        let listed = try cli(["--plugin-path", home.url.path, "--", "plugins", "list", "--json"])
        #expect(listed.status == 0, "\(listed.standardError)")
        let refused = try cli(["--plugin-path", "--json", "plugins", "list"])
        #expect(refused.status == 64)
        #expect(refused.standardError.hasSuffix("write --plugin-path=--json.\nSee 'sensebridge --help'.\n"), "\(refused.standardError)")
        #expect(try cli(["--version"]).standardOutput.hasPrefix("sensebridge "))
    }
}
