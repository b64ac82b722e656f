import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// `plugins test` tells a plugin author what the person hears when their plugin fails:
/// a sentence from the tables in every locale, never their own error text, name or
/// channel (Invariant 1), and that a channel outside the closed list is "an output".
@Suite struct FailureWordingTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory
    let hostile: HostilePlugin.Manifests

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        hostile = try HostilePlugin.make(in: plugins.url)
    }

    func test(_ manifest: URL, json: Bool) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["plugins", "test", manifest.path, "--only", "manifest"] + (json ? ["--json"] : []), home: home.url,
                              extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": plugins.url.path], timeout: 120)
    }

    @Test func aLyingTargetLearnsItsWordsAreNotSpokenAndWhatIsInstead() throws {
        let manifest = hostile.target
        let result = try test(manifest, json: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                  "\(result.standardOutput)\n\(result.standardError)")
        let wording = try #require(object["whenItFails"] as? [String: Any], "\(result.standardOutput)")
        for locale in SpokenLocale.allCases {
            let expected = Phrasing.status(.outputLost(role: .other, reason: .reportedError, others: []), locale: locale)
            #expect(wording[locale.rawValue] as? String == expected)
            #expect(HostilePlugin.wordsFound(in: expected).isEmpty)
        }
        #expect(wording["unlistedChannel"] as? String == HostilePlugin.channel)

        let human = try test(manifest, json: false)
        #expect(human.standardOutput.contains("When it fails, the person hears: (en) \"An output stopped working: it reported an error."),
                "\(human.standardOutput)")
        #expect(human.standardOutput.contains("are never spoken"))
        #expect(human.standardOutput.contains("Its channel \"\(HostilePlugin.channel)\" is none of speech, captions, braille, haptics"))
        #expect(human.standardOutput.split(separator: "\n").last?.hasSuffix("failed") == true, "the summary stays the last line")
    }

    @Test func aShippedTargetIsCalledByItsRoleAndEachKindHasItsSentence() throws {
        let captions = try test(try RepositoryPaths.stagedManifest("caption-file.json"), json: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(captions.standardOutput.utf8)) as? [String: Any])
        let wording = try #require(object["whenItFails"] as? [String: Any])
        #expect(wording["es"] as? String == Phrasing.status(.outputLost(role: .captions, reason: .reportedError, others: []), locale: .es))
        #expect(wording["unlistedChannel"] is NSNull)

        let expected: [(URL, (SpokenLocale) -> String)] = [
            (hostile.composer, { Phrasing.status(.composerStopped, locale: $0) }),
            (hostile.source, { Phrasing.sensorFailing(locale: $0) }),
            // A perceiver that names no modality is taken for one of sight, as the host does.
            (hostile.perceiver, { Phrasing.status(.perceiverFailed(.sight), locale: $0) }),
            (try RepositoryPaths.stagedManifest("object-detector.json"), { Phrasing.status(.perceiverFailed(.sight), locale: $0) }),
            (try RepositoryPaths.stagedManifest("tesseract-ocr.json"), { SpokenTable.forLocale($0).pageUnread.text }),
        ]
        for (name, sentence) in expected {
            let result = try test(name, json: true)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let wording = try #require(object["whenItFails"] as? [String: Any], "\(name): \(result.standardOutput)")
            #expect(wording["vi"] as? String == sentence(.vi), "\(name)")
        }
    }
}
