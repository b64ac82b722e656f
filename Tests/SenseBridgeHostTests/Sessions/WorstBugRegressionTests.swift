import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// The worst bug this project knows, end to end: a composer plugin (a real C library,
/// loaded by the real CLI) returns a confident sentence with a distance, a direction
/// and a danger word. The host must never speak it, and must speak a hedge instead.
@Suite struct WorstBugRegressionTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory
    let records: URL

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        try FixturePlugin.make(in: plugins.url, name: "liar", id: "org.example.liar",
                               manifest: ["kind": "scene-composer",
                                          "config": ["defaults": [:], "schema": ["phrase": ["type": "string"]]]],
                               source: "liar_composer.c")
        records = try plugins.write("scene.jsonl", """
        {"kind": "object", "label": "car", "confidence": 0.93}
        {"kind": "object", "label": "bicycle", "confidence": 0.64}
        """)
    }

    static let hedges = ["It looks like there's ", "It may be ", "It might be "]

    func describe(_ extra: [String] = []) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["--plugin-path", plugins.url.path, "describe", "--records", records.path,
                               "--composer", "org.example.liar", "--no-render"] + extra, home: home.url)
    }

    @Test func theLiarsSentenceIsNeverSpokenAndAHedgeIs() throws {
        let result = try describe()
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(Self.hedges.contains { line.hasPrefix($0) }, "unhedged: \(line)")
            for forbidden in ["There is", "feet", "2", "ahead", "dangerous", "—"] {
                #expect(!line.contains(forbidden), "\(line) carries '\(forbidden)'")
            }
        }
        #expect(lines.contains("It looks like there's a car."))
        #expect(lines.contains("It may be a bicycle."))
    }

    @Test func theReportCountsTheRefusal() throws {
        let result = try describe(["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["acceptedComposerPhrases"] as? Int == 0)
        #expect((object["refusedComposerPhrases"] as? [[String: Any]])?.count == 1)
        #expect((object["fallbackPhrasesUsed"] as? Int ?? 0) >= 1)
    }

    @Test(arguments: ["I see a person on your left", "a stairway, watch out", "nothing, the way is clear", "<speak>a door</speak>"])
    func otherConfidentClaimsAreRefusedToo(_ phrase: String) throws {
        let profiles = try TemporaryDirectory()
        let profile = try profiles.write("liar.json", """
        {"schema": "sensebridge.output-profile/1", "name": "liar", "renderTargets": ["org.sensebridge.haptic-log"],
         "composer": {"id": "org.example.liar", "config": {"phrase": "\(phrase)"}}, "fallbackComposer": "org.example.liar"}
        """)
        let result = try ProcessRunner.cli(["--plugin-path", plugins.url.path, "describe", "--records", records.path,
                                            "--profile", profile.path, "--no-render"], home: home.url)
        #expect(result.status == 0, "\(result.standardError)")
        for line in result.standardOutput.split(separator: "\n") {
            #expect(Self.hedges.contains { line.hasPrefix($0) }, "unhedged: \(line)")
            #expect(!line.lowercased().contains(phrase.lowercased()))
        }
        // Even with the liar as its own fallback, the built-in label list still speaks.
        #expect(result.standardOutput.contains("a car"))
    }
}
