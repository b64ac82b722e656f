import Foundation
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge plugins test` as a plugin author runs it: the built CLI, a real
/// library per defect, and the JSON it prints. Each broken fixture must fail
/// exactly the check for its defect, with a reason that names it; the other checks
/// pass or are skipped because a prerequisite failed.
///
/// Serialized: the fixtures "deliver" by sleeping, and the interrupt and cancel checks
/// time them; the machine's two cores are shared with the rest of the test run.
@Suite(.serialized) struct PluginTestCLITests {
    struct Run {
        var status: Int32
        var checks: [String: [String: Any]]
        var order: [String]
        var standardOutput: String
        var standardError: String

        func status(of check: String) -> String? { checks[check]?["status"] as? String }
        func reason(of check: String) -> String { checks[check]?["reason"] as? String ?? "" }
        var failed: [String] { order.filter { status(of: $0) == "fail" } }
        /// Checks that did not pass, beyond the resident-memory checks a run under a
        /// sanitizer skips (`make sanitize`).
        var notPassed: [String] {
            order.filter { status(of: $0) != "pass" && !(status(of: $0) == "skip" && reason(of: $0).hasPrefix("running under ") && reason(of: $0).contains("Sanitizer")) }
        }
    }

    enum Kind: String {
        case renderTarget = "render-target", sceneComposer = "scene-composer", sensingSource = "sensing-source"
        case perceiver = "perceiver"
        var source: String {
            switch self {
            case .renderTarget: return "fixture_plugin.c"
            case .sceneComposer: return "fixture_composer.c"
            case .sensingSource: return "fixture_source.c"
            case .perceiver: return "fixture_perceiver.c"
            }
        }
    }

    let home: TemporaryDirectory
    let plugins: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
    }

    func fixture(_ name: String, _ kind: Kind, _ defines: [String: String] = [:], manifest: [String: Any] = [:]) throws -> URL {
        var fields: [String: Any] = ["kind": kind.rawValue]
        manifest.forEach { fields[$0.key] = $0.value }
        return try FixturePlugin.make(in: plugins.url, name: name, id: "org.sensebridge.\(name)", defines: defines,
                                      manifest: fields, source: kind.source).manifestURL
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": plugins.url.path], timeout: 300)
    }

    func test(_ manifest: URL, timeout: Int = 5, extra: [String] = []) throws -> Run {
        let result = try cli(["plugins", "test", manifest.path, "--json", "--timeout", String(timeout)] + extra)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                  "not JSON: \(result.standardOutput)\n\(result.standardError)")
        let checks = try #require(object["checks"] as? [[String: Any]])
        let order = checks.compactMap { $0["check"] as? String }
        return Run(status: result.status, checks: Dictionary(uniqueKeysWithValues: checks.map { ($0["check"] as! String, $0) }),
                   order: order, standardOutput: result.standardOutput, standardError: result.standardError)
    }

    /// The defect's check failed with `reason` in its text; every other check passed,
    /// or was skipped because of that failure.
    func expectOnly(_ run: Run, fails check: String, reasonContains reason: String, skipsDependents: Bool = false,
                    sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.failed == [check], "failed: \(run.failed.map { "\($0): \(run.reason(of: $0))" })", sourceLocation: sourceLocation)
        #expect(run.reason(of: check).contains(reason), "reason was: \(run.reason(of: check))", sourceLocation: sourceLocation)
        for other in run.notPassed where other != check {
            #expect(skipsDependents && run.status(of: other) == "skip" && run.reason(of: other) == "not run: \(check) failed",
                    "\(other): \(run.status(of: other) ?? "?") \(run.reason(of: other))", sourceLocation: sourceLocation)
        }
        #expect(run.status == 1, sourceLocation: sourceLocation)
    }

    /// Under `make sanitize` (the CLI is built as this process is), resident memory cannot
    /// tell a leak: the check skips and says why; under AddressSanitizer, LeakSanitizer
    /// reports the fixture's leak instead (suppressed by name, since it is deliberate).
    /// Returns whether that was the case.
    func expectLeftToTheSanitizer(_ run: Run, _ check: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let sanitizer = RuntimeSanitizer.current else { return false }
        #expect(run.status(of: check) == "skip", sourceLocation: sourceLocation)
        #expect(run.reason(of: check).contains(sanitizer.rawValue), "reason was: \(run.reason(of: check))", sourceLocation: sourceLocation)
        #expect(run.failed.isEmpty, "failed: \(run.failed)", sourceLocation: sourceLocation)
        return true
    }

    // MARK: - Good fixtures pass everything (the checks do not false-positive)

    @Test(arguments: [Kind.renderTarget, .sceneComposer, .sensingSource, .perceiver])
    func aGoodPluginOfEachKindPassesEveryCheck(kind: Kind) throws {
        let run = try test(try fixture("good-\(kind.rawValue)", kind))
        #expect(run.notPassed.isEmpty, "\(run.notPassed.map { "\($0): \(run.reason(of: $0))" })")
        #expect(run.status == 0)
        #expect(run.order.first == "manifest" && run.order.suffix(2) == ["stdout-quiet", "log-privacy"])
        #expect(run.order.count >= 10)
    }

    // MARK: - Each defect is caught by exactly its check

    @Test func crashInCreate() throws {
        let run = try test(try fixture("crash", .renderTarget, ["FIXTURE_CRASH_CREATE": "1"]))
        expectOnly(run, fails: "create-default", reasonContains: "crashed with SIGSEGV (invalid memory access) during: create with the default config", skipsDependents: true)
        #expect(run.checks["create-default"]?["signal"] as? String == "SIGSEGV")
    }

    @Test func hangInRender() throws {
        let started = Date()
        // render-text-lengths runs with three times the timeout: 2 s becomes 6 s.
        let run = try test(try fixture("hang", .renderTarget, ["FIXTURE_HANG_EMPTY_TEXT": "1"]), timeout: 2)
        expectOnly(run, fails: "render-text-lengths", reasonContains: "timed out after 6 s during: render of empty text (0 bytes); its process group was killed")
        let duration = try #require(run.checks["render-text-lengths"]?["durationMs"] as? Int)
        #expect(duration >= 6000 && duration < 8000)
        #expect(Date().timeIntervalSince(started) < 60)
    }

    @Test func nullWithoutAnError() throws {
        let run = try test(try fixture("nullerror", .renderTarget, ["FIXTURE_NULL_ON_BAD_CONFIG": "1"]))
        expectOnly(run, fails: "create-invalid-config", reasonContains: "returned NULL for the malformed config `{\"sensebridge.harness\": ` without an error code or message")
    }

    @Test func leakPerCreate() throws {
        let run = try test(try fixture("leakcreate", .renderTarget, ["FIXTURE_LEAK_CREATE": "1"]))
        if expectLeftToTheSanitizer(run, "create-destroy-cycles") { return }
        expectOnly(run, fails: "create-destroy-cycles", reasonContains: "resident memory grew: RSS +")
        #expect(run.reason(of: "create-destroy-cycles").contains("the limit is 1024 B"))
    }

    @Test(arguments: [(Kind.renderTarget, "FIXTURE_LEAK_RENDER", "render"), (.sceneComposer, "FIXTURE_LEAK_COMPOSE", "compose"),
                      (.sensingSource, "FIXTURE_LEAK_FRAME", "next_frame call"), (.perceiver, "FIXTURE_LEAK_PERCEIVE", "perceive")])
    func leakPerCall(kind: Kind, define: String, unit: String) throws {
        let run = try test(try fixture("leakcall-\(kind.rawValue)", kind, [define: "1"]))
        if expectLeftToTheSanitizer(run, "leak-per-call") { return }
        expectOnly(run, fails: "leak-per-call", reasonContains: "B per \(unit); the limit is 1024 B")
    }

    @Test func invalidUTF8InAnErrorMessage() throws {
        let run = try test(try fixture("badutf8", .renderTarget, ["FIXTURE_BAD_UTF8_ERROR": "1"]))
        expectOnly(run, fails: "error-messages", reasonContains: "create with a malformed config (SB_ERR_INVALID_CONFIG): the error message is not valid UTF-8 (byte 0xFF at offset 28)")
    }

    @Test func mislabelledKind() throws {
        let run = try test(try fixture("mislabel", .renderTarget, ["FIXTURE_KIND": "SB_KIND_SCENE_COMPOSER"]))
        expectOnly(run, fails: "manifest", reasonContains: "the manifest says render-target, the library says scene-composer", skipsDependents: true)
    }

    @Test func aVersionThatDisagreesFailsTheManifestCheckButNotTheSuite() throws {
        let run = try test(try fixture("version", .renderTarget, manifest: ["version": "2.0.0"]))
        expectOnly(run, fails: "manifest", reasonContains: "the manifest's version is 2.0.0 but the library's is '1.0.0'")
        #expect(run.status(of: "render-signals") == "pass")
    }

    // The interrupt and cancel checks compare a call with the same call uninterrupted,
    // so these fail for what the plugin does, however busy the machine is.

    @Test func ignoresCancel() throws {
        // 10 s: this fixture's compose takes about 4 s uncancelled, and the check waits it
        // out twice (at 5 s the second wait would be called a hang, a different failure).
        let run = try test(try fixture("nocancel", .sceneComposer, ["FIXTURE_IGNORE_CANCEL": "1"]), timeout: 10)
        expectOnly(run, fails: "compose-cancel", reasonContains: "cancel was ignored: compose of 20000 records returned SB_OK after")
        #expect(run.reason(of: "compose-cancel").contains("ms uninterrupted"), "\(run.reason(of: "compose-cancel"))")
    }

    @Test func aPerceiverThatIgnoresCancel() throws {
        let run = try test(try fixture("nocancel-perceiver", .perceiver, ["FIXTURE_IGNORE_CANCEL": "1"]), timeout: 10)
        expectOnly(run, fails: "perceive-cancel", reasonContains: "cancel was ignored: perceive of a")
    }

    @Test func aPerceiverThatSaysBlankIsRefused() throws {
        let run = try test(try fixture("saysblank", .perceiver, ["FIXTURE_SAYS_BLANK": "1"]))
        expectOnly(run, fails: "perceive-images", reasonContains: "a blank gray page gave 1 record(s); nothing on it can be recognized")
    }

    @Test func aPerceiverThatIgnoresRowStride() throws {
        let run = try test(try fixture("nostride", .perceiver, ["FIXTURE_IGNORE_STRIDE": "1"]))
        expectOnly(run, fails: "perceive-images", reasonContains: "row_stride must be honoured")
    }

    /// ABI 1.7: a page the host would refuse or misread fails the images check, naming why.
    @Test(arguments: [
        ("turned45", ["FIXTURE_TURNED": "45"], "the host would refuse the result: turned_degrees is 45; only 0, 90, 180 or 270 can be reported"),
        ("undefinedflag", ["FIXTURE_TURNED": "0", "FIXTURE_PAGE_FLAGS": "64u"], "page_flags holds bits the header does not define (64)"),
        ("pastresult", ["FIXTURE_TURNED": "90", "FIXTURE_IGNORE_RESULT_SIZE": "1"],
         "the perceiver wrote turned_degrees or page_flags past the result's struct_size"),
        ("onelanguage", ["FIXTURE_REFUSE_PAGE_LOCALES": "1"],
         #"bars of print with page_locales "en,es,vi": perceive returned SB_ERR_UNSUPPORTED"#),
    ])
    func aPerceiverWhosePageIsNotWellFormed(name: String, defines: [String: String], reason: String) throws {
        let run = try test(try fixture(name, .perceiver, defines))
        expectOnly(run, fails: "perceive-images", reasonContains: reason)
    }

    @Test func aPerceiverThatReportsAWellFormedTurnedPagePasses() throws {
        let run = try test(try fixture("turned", .perceiver, ["FIXTURE_TURNED": "270", "FIXTURE_PAGE_FLAGS": "3u"]))
        #expect(run.status == 0 && run.notPassed.isEmpty, "\(run.notPassed.map { "\($0): \(run.reason(of: $0))" })")
        #expect(run.reason(of: "perceive-images").contains("the page's locales were read; a host before 1.7's shorter result was left alone past its end"),
                "\(run.reason(of: "perceive-images"))")
    }

    @Test func ignoresInterrupt() throws {
        let run = try test(try fixture("nointerrupt", .renderTarget, ["FIXTURE_IGNORE_INTERRUPT": "1"]))
        expectOnly(run, fails: "render-interrupt", reasonContains: "interrupt was ignored: render of 264600 bytes returned SB_OK after")
        #expect(run.reason(of: "render-interrupt").contains("ms uninterrupted"), "\(run.reason(of: "render-interrupt"))")
    }

    @Test func noticesInterruptOnlyAtTheEnd() throws {
        let run = try test(try fixture("lateinterrupt", .renderTarget, ["FIXTURE_LATE_INTERRUPT": "1"]))
        expectOnly(run, fails: "render-interrupt", reasonContains: "returned SB_ERR_CANCELLED only after")
        #expect(run.reason(of: "render-interrupt").contains("interrupt is noticed at the end of the render, not while it runs"))
    }

    @Test func stopsOnInterruptButSaysItDelivered() throws {
        let run = try test(try fixture("interruptok", .renderTarget, ["FIXTURE_INTERRUPT_OK": "1"]))
        expectOnly(run, fails: "render-interrupt", reasonContains: "stopped early")
        #expect(run.reason(of: "render-interrupt").contains("but returned SB_OK; the header's code when interrupt cut a call short is SB_ERR_CANCELLED"))
    }

    @Test func confidentSentencesAreRefusedByTheHostValidator() throws {
        let run = try test(try fixture("sentences", .sceneComposer, ["FIXTURE_SENTENCES": "1"]))
        expectOnly(run, fails: "compose-corpus", reasonContains: "unknown identifiers: phrase 0 \"There is a zorbulator 2 feet ahead.\" would be refused by the host: the validator rejected it (number)")
    }

    @Test func nonIncreasingTimestamps() throws {
        let run = try test(try fixture("stamps", .sensingSource, ["FIXTURE_REPEAT_TIMESTAMP": "1"]))
        expectOnly(run, fails: "frame-timestamps", reasonContains: "frame 2's timestamp")
    }

    @Test func writingToStdout() throws {
        let run = try test(try fixture("chatty", .renderTarget, ["FIXTURE_PRINT_STDOUT": "1"]))
        expectOnly(run, fails: "stdout-quiet", reasonContains: "the header reserves stdout for the host's results")
    }

    @Test func anUnlabelledLogValue() throws {
        let run = try test(try fixture("unlabelled", .sensingSource, ["FIXTURE_UNLABELLED_LOG": "1"]))
        expectOnly(run, fails: "log-privacy", reasonContains: "value(s) without a privacy label, in events fixture.created (")
    }

    @Test func aForgedPassLineIsNotTrusted() throws {
        let run = try test(try fixture("forger", .renderTarget, ["FIXTURE_FORGE_RESULT": "1"]))
        #expect(run.status(of: "create-default") == "fail")
        #expect(run.reason(of: "create-default").contains("exited with status 0 before reporting"))
        #expect((run.checks["create-default"]?["outputTail"] as? String)?.contains("SBRESULT 0") == true)
    }

    @Test func selfTestsRunBesideTheHarnessChecks() throws {
        let run = try test(try fixture("selftests", .sceneComposer, ["FIXTURE_SELF_TESTS": "2"]))
        expectOnly(run, fails: "self-test:fails-on-purpose", reasonContains: "SB_ERR_INTERNAL: \"this self-test fails on purpose\"")
        #expect(run.status(of: "self-test:parses-its-config") == "pass")
    }

    @Test func anUnreadableManifestFailsTheManifestCheck() throws {
        let url = try plugins.write("broken.json", "{ nope")
        let run = try test(url)
        #expect(run.order == ["manifest"])
        #expect(run.reason(of: "manifest").contains("is not valid JSON"))
        #expect(run.status == 1)
    }

    // MARK: - The command itself

    @Test func humanOutputEndsWithTheSummaryAndFindsPluginsById() throws {
        _ = try fixture("byid", .sensingSource)
        let result = try cli(["plugins", "test", "org.sensebridge.byid", "--only", "manifest", "--only", "frame-timestamps"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        // Two checks, what the person hears when it fails (two lines), the summary.
        #expect(lines.count == 5, "\(result.standardOutput)")
        #expect(lines.first?.hasPrefix("pass  manifest (") == true)
        #expect(lines[2].hasPrefix("When it fails, the person hears: (en) \"The depth sensor stopped working"))
        #expect(lines.last == "2 passed, 0 failed")
    }

    @Test func usageErrors() throws {
        let manifest = try fixture("usage", .renderTarget)
        let unknown = try cli(["plugins", "test", manifest.path, "--only", "no-such-check"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("No check named 'no-such-check'. Checks for this plugin: manifest, create-default"))
        #expect(unknown.standardError.hasSuffix("See 'sensebridge plugins test --help'.\n"))
        let negative = try cli(["plugins", "test", manifest.path, "--timeout", "-1"])
        #expect(negative.status == 64 && negative.standardError.contains("--timeout must be a number of seconds between 0 and 3600, not '-1'."))
        #expect(try cli(["plugins", "test"]).status == 64)
        let missing = try cli(["plugins", "test", "/nonexistent/x.json"])
        #expect(missing.status == 66 && missing.standardError.contains("/nonexistent/x.json: cannot be read (it does not exist)."))
        #expect(try cli(["plugins", "test", "org.example.absent"]).status == 69)
    }

    @Test func configIsLaidOverTheDefaultsAndCheckedAgainstTheSchema() throws {
        let manifest = try fixture("configured", .renderTarget, manifest: [
            "config": ["defaults": ["path": "{output}/log.txt", "rate": 1], "schema": ["path": ["type": "string"], "rate": ["type": "integer"]]],
        ])
        let run = try test(manifest, extra: ["--only", "create-default", "--config", #"{"rate": 3}"#])
        #expect(run.status == 0)
        #expect(run.reason(of: "create-default").hasPrefix("created with {\"path\":\""))
        #expect(run.reason(of: "create-default").contains("/log.txt\",\"rate\":3}"))
        let wrongKey = try cli(["plugins", "test", manifest.path, "--config", #"{"colour": "red"}"#])
        #expect(wrongKey.status == 78)
        #expect(wrongKey.standardError.contains("key 'colour' is not a setting of this plugin (known: path, rate)"))
        let notAnObject = try cli(["plugins", "test", manifest.path, "--config", "[1]"])
        #expect(notAnObject.status == 64)
        #expect(notAnObject.standardError.contains("--config must be a JSON object"))
        let cutShort = try cli(["plugins", "test", manifest.path, "--config", #"{"rate": "#])
        #expect(cutShort.status == 64)
        #expect(cutShort.standardError.contains("--config is not valid JSON (Unexpected end of file during JSON parse.)"), "\(cutShort.standardError)")
    }

    /// The harness creates a plugin as the host does: with the config as ABI 1.2 entries
    /// beside config_json, for every create and for the plugin's own self-tests, and with
    /// NULL entries for the malformed configs it must refuse.
    @Test func createAndSelfTestsGetTheConfigAsEntriesAsFromTheHost() throws {
        let manifest = try fixture("entries", .renderTarget,
                                   ["FIXTURE_SELF_TESTS": "1", "FIXTURE_EXPECT_CONFIG_KEY": #""names.es.chair""#,
                                    "FIXTURE_EXPECT_CONFIG_VALUE": #""una silla""#],
                                   manifest: ["config": ["defaults": ["names": ["es": ["chair": "una silla"]]],
                                                         "schema": ["names": ["type": "object"]]]])
        let run = try test(manifest)
        #expect(run.notPassed.isEmpty, "\(run.notPassed.map { "\($0): \(run.reason(of: $0))" })")
        #expect(run.status(of: "self-test:parses-its-config") == "pass")
        let overridden = try test(manifest, extra: ["--only", "create-default", "--config", #"{"names": {"es": {"chair": "la silla"}}}"#])
        #expect(overridden.reason(of: "create-default").contains(#"config entry names.es.chair is "la silla"; expected "una silla""#),
                "\(overridden.reason(of: "create-default"))")
    }

    @Test func helpIsTheSameByEveryRouteAndHidesTheInternalOptions() throws {
        let help = try cli(["plugins", "test", "--help"])
        #expect(help.status == 0)
        for route in [["plugins", "test", "-h"], ["help", "plugins", "test"],
                      // The former name reaches the same command, so the same text.
                      ["plugin", "test", "--help"], ["plugin", "test", "-h"], ["help", "plugin", "test"]] {
            let other = try cli(route)
            #expect(other.status == 0 && other.standardOutput == help.standardOutput, "\(route) printed:\n\(other.standardOutput)")
        }
        for expected in ["USAGE: sensebridge plugins test <manifest-or-id>", "--only <check>", "--timeout <seconds>", "--config <json>", "--json"] {
            #expect(help.standardOutput.contains(expected))
        }
        #expect(!help.standardOutput.contains("--run-one") && !help.standardOutput.contains("--scratch"))
        #expect(try cli(["plugins", "--help"]).standardOutput.contains("\n  test   "))
        // One group in the root's help: `plugin` is an alias, not a second group.
        let root = try cli(["--help"]).standardOutput
        #expect(root.contains("\n  plugins ") && !root.contains("\n  plugin "))
    }

    // MARK: - `plugin test`, the former name, is the same command

    /// A report with what varies from run to run (timings) taken out.
    func comparable(_ output: String) -> String {
        output.split(separator: "\n").filter { !$0.contains("\"durationMs\"") }.joined(separator: "\n")
            .replacingOccurrences(of: #"\d+ ms"#, with: "N ms", options: .regularExpression)
    }

    @Test func bothNamesGiveTheSameReportOnAShippedPlugin() throws {
        let manifest = try RepositoryPaths.stagedManifest("label-list-composer.json")
        let arguments = [manifest.path, "--json", "--only", "manifest", "--only", "create-default", "--only", "compose-corpus"]
        let plural = try cli(["plugins", "test"] + arguments)
        let singular = try cli(["plugin", "test"] + arguments)
        #expect(plural.status == 0, "\(plural.standardOutput)\n\(plural.standardError)")
        #expect(singular.status == plural.status)
        #expect(plural.standardOutput.contains("\"compose-corpus\""))
        #expect(comparable(singular.standardOutput) == comparable(plural.standardOutput))
        #expect(singular.standardError == plural.standardError)
        // Its usage errors too, which name the command by its one name.
        let unknown = try cli(["plugin", "test", manifest.path, "--only", "no-such-check"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError == (try cli(["plugins", "test", manifest.path, "--only", "no-such-check"])).standardError)
    }

    /// The harness re-invokes the CLI once per check with the internal options; both
    /// names must take them, whichever one the runner is told to use.
    @Test func bothNamesRunOneCheckAsTheHarnessAsks() throws {
        let manifest = try RepositoryPaths.stagedManifest("label-list-composer.json")
        let scratch = try TemporaryDirectory()
        var verdicts: [String] = []
        for name in ["plugins", "plugin"] {
            let result = try cli([name, "test", "--run-one", "manifest", "--timeout", "5", "--scratch", scratch.url.path, manifest.path])
            #expect(result.status == 0, "\(name): \(result.standardError)")
            // Run by hand, with no parent's channel, the child writes its verdict to stderr.
            #expect(result.standardError.hasPrefix("SBRESULT - {"), "\(name): \(result.standardError)")
            #expect(result.standardError.contains("\"status\":\"pass\""))
            verdicts.append(result.standardError)
        }
        #expect(verdicts[0] == verdicts[1])
    }
}
