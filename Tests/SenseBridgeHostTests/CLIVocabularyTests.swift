import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge vocabulary` through the real binary: what a plugin author with only an
/// installed copy reads to choose labels the host says in every language. It is held to
/// the reviewed tables themselves, so an entry added there is listed without a change here.
@Suite struct CLIVocabularyTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    func cli(_ arguments: [String], input: Data? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, input: input)
    }

    func listed(_ arguments: [String] = []) throws -> [[String: Any]] {
        let result = try cli(["vocabulary", "--json"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try #require(object["identifiers"] as? [[String: Any]])
    }

    @Test("every identifier of the reviewed tables is listed once, with its stream, record kind, names and other spellings")
    func everyReviewedIdentifierIsListed() throws {
        let identifiers = try listed()
        let byIdentifier = Dictionary(identifiers.map { ($0["identifier"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(identifiers.count == SpokenVocabulary.entries.count && byIdentifier.count == identifiers.count)
        for entry in SpokenVocabulary.entries {
            let row = try #require(byIdentifier[entry.identifier], "\(entry.identifier) is not listed")
            #expect(row["stream"] as? String == entry.stream.name)
            #expect(row["kind"] as? String == (entry.stream == .sight ? "object" : "sound"), "\(row)")
            #expect(row["names"] as? [String: String] == ["en": entry.en, "es": entry.es, "vi": entry.vi], "\(row)")
            // Each other spelling is one the host reads as this identifier.
            let others = try #require(row["otherSpellings"] as? [String])
            #expect(others.allSatisfy { SpokenVocabulary.canonicalIdentifier($0) == entry.identifier }, "\(row)")
        }
        let allSpellings = identifiers.flatMap { $0["otherSpellings"] as? [String] ?? [] }
        #expect(allSpellings.contains("dining_table") && allSpellings.contains("sofa"), "\(allSpellings)")
    }

    /// A table row's cells: columns are two spaces or more apart, and no name holds two.
    static func cells(_ row: Substring) -> [String] {
        row.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test("lamp is named in each language, in the table and in JSON, and --locale shows only that language")
    func lampInEveryLocale() throws {
        let names = ["en": "a lamp", "es": "una lámpara", "vi": "một cái đèn"]
        for (locale, name) in names {
            let result = try cli(["vocabulary", "--locale", locale])
            #expect(result.status == 0, "\(result.standardError)")
            let row = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("lamp ") })
            #expect(Self.cells(row) == ["lamp", name, "-"], "\(locale): \(row)")
            // The other languages' names are not shown.
            for (other, otherName) in names where other != locale {
                #expect(!result.standardOutput.contains(otherName), "\(locale) shows \(other)'s name")
            }
            let lamp = try #require(try listed(["--locale", locale]).first { $0["identifier"] as? String == "lamp" })
            #expect(lamp["names"] as? [String: String] == [locale: name])
        }
        let all = try cli(["vocabulary"])
        let row = try #require(all.standardOutput.split(separator: "\n").first { $0.hasPrefix("lamp ") })
        #expect(Self.cells(row) == ["lamp", "a lamp", "una lámpara", "một cái đèn", "-"], "\(row)")
    }

    @Test("the safety sounds are marked, in JSON and in the sound table, and nothing else is")
    func safetySoundsAreMarked() throws {
        let identifiers = try listed()
        let safety = identifiers.filter { $0["safety"] as? Bool == true }.compactMap { $0["identifier"] as? String }
        #expect(Set(safety) == Set(SoundAlerts.safetySounds))
        #expect(safety.contains("smoke_alarm"))
        let text = try cli(["vocabulary", "--locale", "en"]).standardOutput
        let smokeAlarm = try #require(text.split(separator: "\n").first { $0.hasPrefix("smoke_alarm ") })
        #expect(Self.cells(smokeAlarm) == ["smoke_alarm", "yes", "a smoke alarm", "-"], "\(smokeAlarm)")
        let doorbell = try #require(text.split(separator: "\n").first { $0.hasPrefix("doorbell ") })
        #expect(Self.cells(doorbell) == ["doorbell", "no", "a doorbell", "-"], "\(doorbell)")
    }

    @Test("a language SenseBridge does not speak, and an argument, are usage errors")
    func usageErrors() throws {
        let french = try cli(["vocabulary", "--locale", "fr"])
        #expect(french.status == 64 && french.standardOutput.isEmpty)
        #expect(french.standardError.contains("--locale must be en, es or vi, not 'fr'.\nSee 'sensebridge vocabulary --help'."),
                "\(french.standardError)")
        let argument = try cli(["vocabulary", "lamp"])
        #expect(argument.status == 64 && argument.standardError.contains("See 'sensebridge vocabulary --help'."), "\(argument.standardError)")
    }

    /// What the listing says of any other label, held to what the host does with one: its
    /// words in English with an article, inside a Spanish sentence too; a label whose
    /// words the host never says (a direction) is not said at all.
    @Test("a label outside the vocabulary is said in English in every language, or not at all")
    func otherLabelsAreSaidInEnglish() throws {
        let footer = try cli(["vocabulary"]).standardOutput
        #expect(footer.contains("Any other label is said as its own words in English with \"a\" or \"an\", in every language"))
        let records = """
        {"kind": "object", "label": "darkness", "confidence": 0.9, "box": {"x": 0.4, "y": 0.4, "width": 0.2, "height": 0.2}}
        {"kind": "object", "label": "left_turn", "confidence": 0.9, "box": {"x": 0.4, "y": 0.4, "width": 0.2, "height": 0.2}}
        """
        // docs/WRITING_PLUGINS.md (E.3) quotes the Spanish sentence.
        for (locale, sentence) in [("es", "Parece que hay a darkness."), ("vi", "Có vẻ như có a darkness.")] {
            let result = try cli(["describe", "--records", "-", "--no-render", "--locale", locale], input: Data(records.utf8))
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains(sentence), "\(locale): \(result.standardOutput)")
            #expect(!result.standardOutput.contains("left"), "\(locale): \(result.standardOutput)")
        }
    }
}
