import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `describe --json` reports each refusal of a lying composer with its stable code,
/// the phrase's position and the word that decided it, so an author can find the fault
/// without reading logs. The shape is the one documented for describe in docs/FORMATS.md
/// (stream, phrase, reason, word, null where no one phrase or word decided it;
/// composerFailure null unless the whole result was refused).
@Suite struct GroundingDescribeJSONTests {
    let liar: LiarDescription

    init() throws {
        liar = try LiarDescription()
    }

    func report(_ records: [(String, Double)], _ which: LiarDescription.Liar = .smart, config: [String: String] = [:],
                locale: String = "en") throws -> [String: Any] {
        let result = try liar.describe(records, which, config: config, locale: locale, extra: ["--json"])
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                            "not JSON: \(result.standardOutput)")
    }

    /// Each refusal's values as text; JSON's null as "null", so a key left out and a key
    /// that is null stay apart.
    func refusals(_ object: [String: Any]) -> [[String: String]] {
        (object["refusedComposerPhrases"] as? [[String: Any]] ?? []).map { entry in
            entry.reduce(into: [String: String]()) { $0[$1.key] = $1.value is NSNull ? "null" : "\($1.value)" }
        }
    }

    @Test func theSmartLieIsReportedWithItsWordAndTheOmission() throws {
        let object = try report([("chair", 0.9), ("door", 0.5)])
        #expect(object["sentences"] as? [String] == ["It looks like there's a chair.", "It might be a door, but I'm not sure."])
        #expect(object["acceptedComposerPhrases"] as? Int == 0)
        #expect(refusals(object) == [["stream": "sight", "phrase": "0", "reason": "uncovered-record-named", "word": "door"],
                                     ["stream": "sight", "phrase": "null", "reason": "records-omitted", "word": "null"]])
        #expect(object["fallbackPhrasesUsed"] as? Int == 2)
        #expect((object["refusedFallbackPhrases"] as? [Any])?.isEmpty == true)
        #expect(object["composerFailure"] is NSNull)
    }

    @Test(arguments: [("a car and a bus", "car"), ("a pair of chairs", "pair"), ("a chair underfoot", "underfoot")])
    func anInventedWordIsNamed(phrase: String, word: String) throws {
        let object = try report([("chair", 0.9), ("door", 0.5)], config: ["phrase": phrase])
        let first = try #require(refusals(object).first)
        #expect(first["phrase"] == "0" && first["reason"] == "ungrounded-word" && first["word"] == word, "\(first)")
    }

    @Test func englishInVietnameseIsTheWrongLanguage() throws {
        let object = try report([("chair", 0.9)], .blunt, config: ["phrase": "a chair"], locale: "vi")
        #expect(object["sentences"] as? [String] == ["Có vẻ như có một cái ghế."])
        #expect(refusals(object) == [["stream": "sight", "phrase": "0", "reason": "wrong-language", "word": "a"]])
    }

    /// Phrases the ABI cannot carry as text keep their place and their code.
    @Test(arguments: [("null-text", "null-text"), ("invalid-utf8", "invalid-utf8"), ("huge", "too-long")])
    func anUnreadablePhraseIsReportedByCode(mode: String, code: String) throws {
        let object = try report([("chair", 0.9), ("door", 0.5)], config: ["mode": mode])
        let first = try #require(refusals(object).first)
        #expect(first["stream"] == "sight" && first["phrase"] == "0" && first["reason"] == code, "\(first)")
        #expect(first["word"] == "null")
        #expect(object["composerFailure"] is NSNull)
    }

    /// A result that cannot be taken phrase by phrase is refused as a whole.
    @Test func moreResultsThanRecordsIsRefusedAsAWhole() throws {
        let object = try report([("chair", 0.9), ("door", 0.5)], config: ["mode": "many-phrases"])
        let failure = try #require(object["composerFailure"] as? [String: Any])
        #expect(failure["reason"] as? String == "too-many-phrases")
        // A code only: the account of what went wrong is stderr's (CLIPluginWordsTests).
        #expect(failure["message"] == nil)
        #expect(object["sentences"] as? [String] == ["It looks like there's a chair.", "It might be a door, but I'm not sure."])
    }

    @Test func aNullPhraseArrayIsAComposerFailure() throws {
        let object = try report([("chair", 0.9), ("door", 0.5)], config: ["mode": "null-phrases"])
        let failure = try #require(object["composerFailure"] as? [String: Any])
        #expect((failure["reason"] as? String)?.isEmpty == false)
        #expect(Set(failure.keys) == ["reason"])
    }
}
