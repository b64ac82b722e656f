import Foundation
import SenseBridgeCore
import SenseBridgeHarness
import SenseBridgeHost

/// `sensebridge plugins test`: the conformance harness a plugin author runs before
/// anyone loads their library. `plugin test`, its first name, still reaches it (see
/// PluginsCommands.group).
enum PluginTestCommand {
    static let test = CommandSpec(
        path: ["plugins", "test"],
        abstract: "Run the conformance suite for one plugin, each check in its own process.",
        discussion: """
        The checks are chosen by the plugin's kind. Each runs in a child process, so a plugin that \
        crashes, hangs or exits fails that check (with its signal and last output) and the rest still \
        run; one that does so while loading or creating (the manifest and create-default checks) is \
        remembered as broken, and hosts skip it until its library changes ('plugins rescan' retries \
        it). Checks that need an instance are skipped when create-default fails. Tests the plugin ships \
        through the sensebridge.plugin-tests/1 extension run as self-test:<name>. The last line is \
        'N passed, N failed'; the exit status is 1 when any check failed.
        """,
        arguments: [("<manifest-or-id>", "A manifest file, or the id of an installed plugin.")],
        options: [.flag("--json", "Print the results as JSON."),
                  .value("--only", "check", "Run only this check (repeatable); see docs/HARNESS.md for the list.", repeatable: true),
                  .value("--timeout", "seconds", "Seconds one check may take before it is killed and failed (default \(Int(HarnessDefaults.timeout)))."),
                  .value("--config", "json", "A JSON object laid over the manifest's config defaults, as a profile would (e.g. a test server's address)."),
                  // The harness re-invoking this command for each check (HarnessRunner.ChildInvocation), not for people.
                  .value("--run-one", "check", "Run this one check in this process and report it on stdout.", hidden: true),
                  .value("--scratch", "dir", "The directory the one check may write in.", hidden: true)],
        run: { arguments, context in
            guard arguments.positionals.count == 1 else {
                throw CLIError.usage("Expected exactly one manifest file or plugin id.", command: "plugins test")
            }
            let timeout = try parseTimeout(arguments.value("--timeout"))
            let overrides = try parseConfig(arguments.value("--config"))
            if let check = arguments.value("--run-one") {
                HarnessChild.run(check: check, manifestPath: arguments.positionals[0], timeout: timeout,
                                 outputDirectory: arguments.value("--scratch"), configOverrides: overrides)
            }
            let manifestURL = try resolve(arguments.positionals[0], context)
            // Each check re-runs this program with this command's own path.
            var options = HarnessRunner.Options(invocation: .init(executable: HostPaths.executableURL.path,
                                                                  leadingArguments: ["plugins", "test"]))
            options.timeout = timeout
            options.only = arguments.all("--only")
            options.configOverrides = overrides
            let json = arguments.has("--json")
            let runner = HarnessRunner(manifestURL: manifestURL, options: options)
            let report: HarnessReport
            do {
                report = try runner.run { result in
                    if !json { Console.out(line(result)) }
                }
            } catch let unknown as HarnessRunner.UnknownChecks {
                throw CLIError.usage(unknown.description, command: "plugins test")
            } catch let problem as PluginConfigResolver.Problem {
                throw CLIError(message: "\(problem) Fix --config; 'sensebridge plugins inspect \(problem.pluginID)' lists the settings.", code: .config)
            }
            if json {
                Console.json(report.jsonObject)
            } else {
                report.whenItFails?.lines.forEach { Console.out($0) }
                Console.out(report.summaryLine)
            }
            HarnessBreakage.remember(report, manifestURL: manifestURL, registry: context.brokenPlugins)
            return report.failed > 0 ? .failure : .ok
        })

    static func parseTimeout(_ text: String?) throws -> TimeInterval {
        guard let text else { return HarnessDefaults.timeout }
        guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
            throw CLIError.usage("--timeout must be a number of seconds between 0 and 3600, not '\(text)'.", command: "plugins test")
        }
        return seconds
    }

    static func parseConfig(_ text: String?) throws -> [String: JSONValue] {
        guard let text else { return [:] }
        let parsed: JSONValue
        do { parsed = try JSONParser.parse(Data(text.utf8), options: .serializationCompatible) } catch {
            throw CLIError.usage("--config \(error.reason), e.g. '{\"rate\": 200}', not '\(text)'.", command: "plugins test")
        }
        guard let object = parsed.objectValue else {
            throw CLIError.usage("--config must be a JSON object, e.g. '{\"rate\": 200}', not '\(text)'.", command: "plugins test")
        }
        return object
    }

    /// A path (anything with a slash or ending in .json) is read as a manifest file;
    /// anything else is an id looked up on the search path. A broken installed
    /// manifest is still tested, so its `manifest` check says what is wrong, and so is a
    /// plugin remembered broken (it is among `catalog.broken`): testing is how its author
    /// finds out why.
    static func resolve(_ argument: String, _ context: Context) throws -> URL {
        if argument.contains("/") || argument.hasSuffix(".json") {
            let url = URL(fileURLWithPath: argument).standardizedFileURL
            do {
                try InputFile.check(url.path, option: "The manifest", command: "plugins test")
            } catch var error as CLIError where error.code == .noInput {
                error.message += " Pass a manifest file or an installed plugin's id ('sensebridge plugins list' shows them)."
                throw error
            }
            return url
        }
        let catalog = context.host.catalog
        if let manifest = catalog.manifest(id: argument) { return manifest.manifestURL }
        if let broken = catalog.broken.first(where: { $0.id == argument }) { return URL(fileURLWithPath: broken.problem.path) }
        throw CLIError(message: PluginHost.LookupError.notInstalled(argument, catalog.searchPath).description, code: .unavailable)
    }

    /// One line per check; a failure's last output follows, indented.
    static func line(_ result: CheckResult) -> String {
        let label: String
        switch result.status {
        case .pass: label = "pass"
        case .fail: label = "FAIL"
        case .skip: label = "skip"
        }
        let timing = result.status == .skip ? "" : " (\(result.durationMilliseconds) ms)"
        var text = "\(label)  \(result.check)\(timing)"
        if let reason = result.reason { text += ": \(reason)" }
        if let tail = result.outputTail {
            text += "\n" + tail.split(separator: "\n", omittingEmptySubsequences: false).map { "      | \($0)" }.joined(separator: "\n")
        }
        return text
    }
}
