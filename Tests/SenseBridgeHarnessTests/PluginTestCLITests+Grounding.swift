import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `compose-grounding` through the CLI: the smart liar (Tests/Fixtures/c/smart_liar_composer.c)
/// is careful in every way the other checks look at and names things it does not claim,
/// so it must fail that check alone; shipped composers must pass it.
extension PluginTestCLITests {
    func smartLiar(_ name: String = "smartliar") throws -> URL {
        try FixturePlugin.make(in: plugins.url, name: name, id: "org.sensebridge.\(name)", manifest: [
            "kind": "scene-composer",
            "config": ["defaults": [:], "schema": ["phrase": ["type": "string"], "cover": ["type": "string"],
                                                   "mode": ["type": "string"]]],
        ], source: "smart_liar_composer.c").manifestURL
    }

    @Test(arguments: ["strongest", "first"])
    func theSmartLiarFailsOnlyTheGroundingCheck(cover: String) throws {
        let run = try test(try smartLiar("smartliar-\(cover)"), extra: ["--config", #"{"cover": "\#(cover)"}"#])
        expectOnly(run, fails: "compose-grounding", reasonContains: "would be refused by the host: it names '")
        let reason = run.reason(of: "compose-grounding")
        // Which scene, with its records and confidences; which phrase, and what it claimed.
        #expect(reason.hasPrefix("scene "), "\(reason)")
        #expect(reason.range(of: #"^scene \d+ \(en: [a-z_]+ [01]\.\d\d"#, options: .regularExpression) != nil, "\(reason)")
        #expect(reason.range(of: #"phrase 0 "an? [a-z ]+ and an? [a-z ]+" covering \[\d\]"#, options: .regularExpression) != nil, "\(reason)")
        #expect(reason.contains("a record it does not cover (uncovered-record-named)"))
        #expect(reason.contains("which the host names; records-omitted"))
        #expect(reason.hasSuffix(" more)"), "more than four scenes catch it: \(reason)")
        // It declines Spanish and Vietnamese, and the passes say so rather than hide it.
        #expect(run.reason(of: "compose-corpus").hasSuffix("; es and vi were declined with SB_ERR_UNSUPPORTED"))
    }

    /// Covering every record, the smart liar names each label once with its article, as
    /// the name-list example once did: "a person" over two people is a count the records
    /// do not hold, and the harness says so as the host would refuse it.
    @Test func aNameSaidOnceOverTwoRecordsFailsTheGroundingCheck() throws {
        // Covering all, it also ignores the label limit, which compose-corpus reports.
        let run = try test(try smartLiar("smartliar-all"), extra: ["--config", #"{"cover": "all"}"#, "--only", "compose-grounding"])
        #expect(run.failed == ["compose-grounding"] && run.status == 1)
        #expect(run.reason(of: "compose-grounding").contains("a name of sight without its number over two or more records of it (count-unearned)"))
        #expect(run.reason(of: "compose-grounding").range(of: #"phrase 0 "an? [a-z ]+" covering \[\d+(, \d+)+\]"#, options: .regularExpression) != nil,
                "\(run.reason(of: "compose-grounding"))")
    }

    @Test func theLabelListPassesTheGroundingCheckInEveryLocale() throws {
        let run = try test(try RepositoryPaths.stagedManifest("label-list-composer.json"), extra: ["--only", "compose-grounding"])
        #expect(run.status == 0, "\(run.reason(of: "compose-grounding"))")
        #expect(run.status(of: "compose-grounding") == "pass")
        let reason = run.reason(of: "compose-grounding")
        #expect(reason.hasPrefix("108 generated scenes gave "), "\(reason)")
        #expect(!reason.contains("declined"))
    }
}
