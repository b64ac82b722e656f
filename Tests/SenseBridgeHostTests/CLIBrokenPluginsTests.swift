import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// Remembered breakage as a person meets it: a real host that crashes loading a plugin,
/// the next start that skips it and says why, and `plugins rescan` that retries it.
@Suite struct CLIBrokenPluginsTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory
    let output: TemporaryDirectory
    let crashy: FixturePlugin
    let profile: URL

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        output = try TemporaryDirectory()
        crashy = try FixturePlugin.make(in: plugins.url, name: "crashy", id: "org.sensebridge.crashy",
                                        defines: ["FIXTURE_CRASH_ENTRY": "1"])
        try FixturePlugin.make(in: plugins.url, name: "good")
        try plugins.write("broken.json", "{ nope")
        profile = try plugins.write("profiles/crashy.json", """
        {"schema": "sensebridge.output-profile/1", "name": "crashy", "composer": "org.sensebridge.label-list",
         "renderTargets": [{"id": "org.sensebridge.crashy", "isolation": "in-process"}]}
        """)
    }

    var registryFile: URL { home.url.appendingPathComponent("state/sensebridge/broken-plugins.json") }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        // No backtrace: the crash below is expected, and symbolicating it only costs time.
        try ProcessRunner.cli(arguments, home: home.url,
                              extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": plugins.url.path, "SWIFT_BACKTRACE": "enable=no"])
    }

    func json(_ result: ProcessRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                     "not JSON: \(result.standardOutput)\n\(result.standardError)")
    }

    /// The host itself crashes loading the plugin, in process, leaving its loading marker.
    func crashTheHost() throws {
        let crash = try cli(["say", "hello", "--profile", profile.path, "--output", output.url.path])
        #expect(crash.status != 0, "the fixture's entry symbol should have crashed the host")
    }

    @Test func aCrashWhileLoadingIsRememberedAndNamedAtTheNextStart() throws {
        try crashTheHost()
        let list = try cli(["plugins", "list"])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.contains("\nRemembered broken (1):\n  \(crashy.manifestURL.path): broke while the host loaded it at "))
        #expect(list.standardOutput.contains("the host stopped while loading it (a crash during load). It is skipped until its library \(crashy.libraryURL.path) changes; run 'sensebridge plugins rescan' to retry."))
        #expect(!list.standardOutput.contains("org.sensebridge.crashy  "), "not listed as usable")
        #expect(list.standardOutput.contains("org.sensebridge.fixture "))
        #expect(try cli(["plugins", "list", "--strict"]).status == 78)

        let inspect = try cli(["plugins", "inspect", "org.sensebridge.crashy"])
        #expect(inspect.status == 78)
        #expect(inspect.standardError.contains("Plugin 'org.sensebridge.crashy' is installed but broken: \(crashy.manifestURL.path): broke while the host loaded it"))
        #expect(inspect.standardError.contains("run 'sensebridge plugins rescan' to retry."))

        // The next session survives: the plugin is not loaded again, and the lost output is said.
        let again = try cli(["say", "hello", "--profile", profile.path, "--output", output.url.path])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardError.contains("installed but broken"), "\(again.standardError)")
    }

    /// Found on SENSEBRIDGE_PLUGIN_PATH, the same plugin runs isolated by default: its
    /// crash costs its runner, the session goes on, and it is remembered from the session.
    @Test func isolatedByDefaultItsCrashIsSurvivedAndRemembered() throws {
        let isolatedProfile = try plugins.write("profiles/crashy-isolated.json", """
        {"schema": "sensebridge.output-profile/1", "name": "crashy-isolated", "composer": "org.sensebridge.label-list",
         "renderTargets": ["org.sensebridge.crashy", "org.sensebridge.fixture"]}
        """)
        let run = try cli(["say", "hello", "--profile", isolatedProfile.path, "--output", output.url.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("org.sensebridge.crashy (isolated) was killed by SIGSEGV"), "\(run.standardError)")
        let listing = try json(try cli(["plugins", "list", "--json"]))
        let remembered = try #require(listing["remembered"] as? [[String: Any]])
        #expect(remembered.contains { $0["id"] as? String == "org.sensebridge.crashy" && $0["phase"] as? String == "session" }, "\(remembered)")
    }

    @Test func brokenListsOnlyWhatCannotBeUsedWithPhaseWhenAndFile() throws {
        try crashTheHost()
        let table = try cli(["plugins", "list", "--broken"])
        #expect(table.status == 0)
        let lines = table.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID") == true && lines.first?.contains("PHASE") == true && lines.first?.contains("REASON") == true)
        let remembered = try #require(lines.first { $0.hasPrefix("org.sensebridge.crashy") })
        #expect(remembered.contains(" load ") && remembered.contains(crashy.manifestURL.path) && remembered.contains("the host stopped while loading it"))
        #expect(remembered.range(of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"#, options: .regularExpression) != nil)
        #expect(lines.contains { $0.contains(" manifest ") && $0.contains("\(plugins.url.path)/broken.json") && $0.contains("is not valid JSON") })
        #expect(!lines.contains { $0.hasPrefix("org.sensebridge.fixture ") }, "a usable plugin is not listed")
        #expect(table.standardOutput.contains("run 'sensebridge plugins rescan' to retry it now"))

        let object = try json(try cli(["plugins", "list", "--broken", "--json"]))
        #expect(Set(object.keys) == ["broken", "remembered"])
        let entry = try #require((object["remembered"] as? [[String: Any]])?.first)
        #expect(entry["id"] as? String == "org.sensebridge.crashy")
        #expect(entry["phase"] as? String == "load")
        #expect(entry["manifest"] as? String == crashy.manifestURL.path)
        #expect(entry["library"] as? String == crashy.libraryURL.path)
        #expect(entry["reason"] as? String == "the host stopped while loading it (a crash during load)")
        #expect((entry["when"] as? String)?.hasSuffix("Z") == true)
        #expect((object["broken"] as? [[String: Any]])?.contains { ($0["manifest"] as? String)?.hasSuffix("/broken.json") == true } == true)

        // The full listing carries it too, beside the usable plugins.
        let full = try json(try cli(["plugins", "list", "--json"]))
        #expect((full["remembered"] as? [[String: Any]])?.count == 1)
        #expect((full["broken"] as? [[String: Any]])?.count == 1, "broken keeps its meaning: manifests that cannot be read")
    }

    @Test func nothingBrokenIsSaidInAWholeSentence() throws {
        let clean = try TemporaryDirectory()
        try FixturePlugin.make(in: clean.url, name: "good")
        let result = try ProcessRunner.cli(["plugins", "list", "--broken"], home: home.url,
                                           extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": clean.url.path])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Nothing is broken: every manifest reads and no plugin is remembered broken.\n")
    }

    @Test func rescanForgetsAndShowsWhatCanBeUsedNow() throws {
        try crashTheHost()
        let rescan = try cli(["plugins", "rescan"])
        #expect(rescan.status == 0, "\(rescan.standardError)")
        #expect(rescan.standardOutput.hasPrefix("Forgot 1 remembered breakage:\n  org.sensebridge.crashy: broke while the host loaded it at "))
        #expect(rescan.standardOutput.contains("\nCan be used now:\n  org.sensebridge.crashy: \(crashy.manifestURL.path); loaded on next use (isolated)"))
        let list = try cli(["plugins", "list"])
        #expect(!list.standardOutput.contains("Remembered broken"))
        #expect(list.standardOutput.contains("org.sensebridge.crashy "))
        let nothing = try cli(["plugins", "rescan"])
        #expect(nothing.status == 0)
        #expect(nothing.standardOutput == "Nothing was remembered as broken.\n")
    }

    @Test func rescanOfOneIdLeavesTheOthers() throws {
        try crashTheHost()
        let other = try cli(["plugins", "rescan", "org.sensebridge.fixture"])
        #expect(other.status == 0)
        #expect(other.standardOutput.hasPrefix("Nothing was remembered as broken about 'org.sensebridge.fixture'."))
        #expect(other.standardOutput.contains("Can be used now:\n  org.sensebridge.fixture: "))
        #expect(try cli(["plugins", "list"]).standardOutput.contains("Remembered broken (1)"))
        let absent = try cli(["plugins", "rescan", "org.example.absent", "--json"])
        let object = try json(absent)
        #expect((object["forgotten"] as? [Any])?.isEmpty == true)
        #expect((object["plugins"] as? [[String: Any]])?.first?["status"] as? String == "not-found")
        let one = try json(try cli(["plugins", "rescan", "org.sensebridge.crashy", "--json"]))
        #expect((one["forgotten"] as? [[String: Any]])?.map { $0["id"] as? String } == ["org.sensebridge.crashy"])
        #expect((one["plugins"] as? [[String: Any]])?.first?["status"] as? String == "usable")
        #expect(try cli(["plugins", "rescan", "a.b", "c.d"]).status == 64)
    }

    @Test func aCorruptRegistryIsSetAsideWithAWarningNamingIt() throws {
        try FileManager.default.createDirectory(at: registryFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ damaged".utf8).write(to: registryFile)
        let list = try cli(["plugins", "list"])
        #expect(list.status == 0)
        #expect(list.standardError.contains("sensebridge: warning: \(registryFile.path) cannot be used"), "\(list.standardError)")
        #expect(list.standardError.contains("moved it aside to \(registryFile.path).corrupt"))
        #expect(try String(contentsOf: URL(fileURLWithPath: registryFile.path + ".corrupt"), encoding: .utf8) == "{ damaged")
        #expect(try cli(["plugins", "list"]).standardError.isEmpty, "warned once")
    }

    /// The row of a listing whose first cell is `id`, split into its cells.
    func row(_ table: String, _ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Substring] {
        let line = try #require(table.split(separator: "\n").first { $0.hasPrefix("\(id) ") }, sourceLocation: sourceLocation)
        return line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.drop { $0 == " " } }
    }

    @Test func runsAndWhySayHowEachPluginWouldRun() throws {
        let table = try cli(["plugins", "list"]).standardOutput
        let header = try #require(table.split(separator: "\n").first)
        #expect(header.contains("  RUNS  ") && header.contains("  WHY  "))
        // Found through SENSEBRIDGE_PLUGIN_PATH or shipped with the build: placed alike.
        #expect(try row(table, "org.sensebridge.fixture").contains("isolated"))
        #expect(try row(table, "org.sensebridge.label-list").contains("isolated"))
        #expect(try row(table, "org.sensebridge.label-list").contains("default"))
        #expect(!table.contains("in process"), "no plugin runs in process unless asked")
        let listed = try #require(try json(try cli(["plugins", "list", "--json"]))["plugins"] as? [[String: Any]])
        #expect(listed.allSatisfy { $0["isolation"] as? String == "process" })
        let staged = try #require(listed.first { $0["id"] as? String == "org.sensebridge.label-list" })
        #expect(staged["isolationReason"] as? String == "every plugin runs in its own process by default")

        let asked = try cli(["plugins", "list", "--in-process", "org.sensebridge.label-list,org.sensebridge.fixture"]).standardOutput
        for id in ["org.sensebridge.label-list", "org.sensebridge.fixture"] {
            #expect(try row(asked, id).contains("in process"), "\(id)")
            #expect(try row(asked, id).contains("--in-process"), "\(id)")
        }
        #expect(try row(asked, "org.sensebridge.haptic-log").contains("isolated"), "not named, not moved")
        let all = try #require(try json(try cli(["--in-process", "all", "plugins", "list", "--json"]))["plugins"] as? [[String: Any]])
        #expect(all.allSatisfy { $0["isolation"] as? String == "in-process" })
        let forced = try #require(try json(try cli(["plugins", "list", "--json", "--isolate"]))["plugins"] as? [[String: Any]])
        #expect(forced.allSatisfy { $0["isolation"] as? String == "process" && ($0["isolationReason"] as? String)?.hasPrefix("--isolate") == true })
    }

    @Test func aManifestAskingForInProcessIsListedAsIgnored() throws {
        try FixturePlugin.make(in: plugins.url, name: "eager", id: "org.example.eager", manifest: ["isolation": "in-process"])
        let eager = try row(try cli(["plugins", "list"]).standardOutput, "org.example.eager")
        #expect(eager.contains("isolated") && eager.contains("default (manifest ignored)"))
        let listed = try #require(try json(try cli(["plugins", "list", "--json"]))["plugins"] as? [[String: Any]])
        let entry = try #require(listed.first { $0["id"] as? String == "org.example.eager" })
        #expect(entry["isolation"] as? String == "process")
        #expect((entry["isolationReason"] as? String)?.contains("its manifest's \"in-process\" is ignored") == true)
    }

    @Test func inProcessRefusesWhatItCannotDo() throws {
        let unknown = try cli(["plugins", "list", "--in-process", "org.example.nowhere"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("--in-process names 'org.example.nowhere', which no installed plugin is"))
        let both = try cli(["--isolate", "describe", "--in-process", "all", "--records", "/nonexistent"])
        #expect(both.status == 64)
        #expect(both.standardError.contains("--isolate and --in-process ask opposite things"))
        let empty = try cli(["plugins", "list", "--in-process", "org.sensebridge.fixture,"])
        #expect(empty.status == 64)
        #expect(empty.standardError.contains("--in-process takes plugin ids separated by commas"))
    }
}
