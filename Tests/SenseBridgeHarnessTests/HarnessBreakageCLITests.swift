import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `plugins test` remembers a library whose check process died while loading it or
/// creating its first instance, since a host would die the same way; a check that only
/// reached a failing verdict is never remembered.
@Suite struct HarnessBreakageCLITests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url,
                              extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": plugins.url.path, "SWIFT_BACKTRACE": "enable=no"], timeout: 300)
    }

    func remembered() throws -> [[String: Any]] {
        let result = try cli(["plugins", "list", "--broken", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try #require(object["remembered"] as? [[String: Any]])
    }

    func test(_ fixture: FixturePlugin) throws -> ProcessRunner.Result {
        try cli(["plugins", "test", fixture.manifestURL.path, "--only", "manifest", "--only", "create-default", "--timeout", "20"])
    }

    @Test func aCrashInCreateIsRememberedWithPhaseHarness() throws {
        let fixture = try FixturePlugin.make(in: plugins.url, name: "crash", id: "org.sensebridge.crash-create",
                                             defines: ["FIXTURE_CRASH_CREATE": "1"])
        let run = try test(fixture)
        #expect(run.status == 1)
        #expect(run.standardError.contains("note: org.sensebridge.crash-create is now remembered as broken"), "\(run.standardError)")
        #expect(run.standardError.contains("Run 'sensebridge plugins rescan' to retry it sooner."))
        let entry = try #require(try remembered().first)
        #expect(entry["id"] as? String == "org.sensebridge.crash-create")
        #expect(entry["phase"] as? String == "harness")
        #expect((entry["reason"] as? String)?.hasPrefix("crashed with SIGSEGV") == true)
        #expect((entry["reason"] as? String)?.hasSuffix("(the create-default check)") == true)
        // Testing it again is still possible, by id too: that is how its author finds out why.
        let again = try cli(["plugins", "test", "org.sensebridge.crash-create", "--only", "manifest"])
        #expect(again.standardOutput.contains("pass  manifest"), "\(again.standardOutput)\n\(again.standardError)")
    }

    @Test func aCrashInTheEntrySymbolIsRememberedFromTheManifestCheck() throws {
        let fixture = try FixturePlugin.make(in: plugins.url, name: "entry", id: "org.sensebridge.crash-entry",
                                             defines: ["FIXTURE_CRASH_ENTRY": "1"])
        #expect(try test(fixture).status == 1)
        let entry = try #require(try remembered().first)
        #expect(entry["phase"] as? String == "harness")
        #expect((entry["reason"] as? String)?.hasSuffix("(the manifest check)") == true)
    }

    @Test func aFailedVerdictIsNotBreakage() throws {
        let fixture = try FixturePlugin.make(in: plugins.url, name: "null", id: "org.sensebridge.null-create",
                                             defines: ["FIXTURE_NULL_CREATE": "1"])
        let run = try test(fixture)
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("FAIL  create-default"))
        #expect(!run.standardError.contains("remembered"))
        #expect(try remembered().isEmpty)
    }
}
