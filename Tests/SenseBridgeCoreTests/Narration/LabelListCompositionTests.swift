import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

@Suite("LabelListComposition")
struct LabelListCompositionTests {
    static func object(_ label: String, _ confidence: Double) -> PerceptionRecord {
        PerceptionRecord(kind: .object, label: label, confidence: confidence)
    }

    @Test("one phrase per certainty bucket per stream, sight then sound then text")
    func bucketsAndOrder() {
        let records = [
            PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.9),
            PerceptionRecord(kind: .sound, label: "smoke_alarm", confidence: 0.85),
            Self.object("dog", 0.7),
            Self.object("chair", 0.92),
            Self.object("doorway", 0.81),
        ]
        let phrases = LabelListComposition.compose(records: records, locale: .en, detail: .standard)
        #expect(phrases == [
            SubjectPhrase(stream: .sight, text: "a chair and a doorway", recordIndices: [3, 4]),
            SubjectPhrase(stream: .sight, text: "a dog", recordIndices: [2]),
            SubjectPhrase(stream: .sound, text: "a smoke alarm", recordIndices: [1]),
            SubjectPhrase(stream: .text, text: "some text", recordIndices: [0]),
        ])
        let spoken = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: .en, detail: .standard)
        #expect(spoken.spokenText == [
            "It looks like there's a chair and a doorway.",
            "It may be a dog.",
            "It sounds like a smoke alarm.",
            "The text appears to say: EXIT",
        ])
        #expect(spoken.report.composerFailures.isEmpty)
    }

    @Test("sub-floor records are dropped, one name said once with its count, highest confidence first")
    func floorDedupAndLimit() {
        let records = [
            Self.object("chair", 0.95), Self.object("chair", 0.97), Self.object("sofa", 0.9),
            Self.object("couch", 0.85), Self.object("bench", 0.39), Self.object("table", 0.88),
            Self.object("lamp", 0.86),
        ]
        let phrases = LabelListComposition.compose(records: records, locale: .en, detail: .brief)
        // Brief names two kinds: the chairs (best first) and the sofa/couch, one name counted.
        #expect(phrases == [SubjectPhrase(stream: .sight, text: "two chairs and two couches", recordIndices: [1, 0, 2, 3])])
        let detailed = LabelListComposition.compose(records: records, locale: .en, detail: .detailed)
        #expect(detailed == [SubjectPhrase(stream: .sight, text: "two chairs, two couches, a table and a lamp",
                                           recordIndices: [1, 0, 2, 3, 5, 6])])
    }

    @Test("a flat word ceiling trims the weakest names until the phrase fits in every locale")
    func flatWordCeiling() {
        let records = [Self.object("chair", 0.95), Self.object("traffic_light", 0.9), Self.object("dog", 0.85)]
        // "một cái ghế và một cột đèn giao thông" is 9 words; with the dog it is 12.
        // The longest locale decides, so English names the same two at 10 words.
        let phrases = LabelListComposition.compose(records: records, locale: .en, maximumLabels: 5, maximumWords: 10)
        #expect(phrases == [SubjectPhrase(stream: .sight, text: "a chair and a traffic light", recordIndices: [0, 1])])
        let vietnamese = LabelListComposition.compose(records: records, locale: .vi, maximumLabels: 5, maximumWords: 10)
        #expect(vietnamese.map(\.text) == ["một cái ghế và một cột đèn giao thông"])
        #expect(LabelListComposition.compose(records: records, locale: .en, maximumLabels: 5, maximumWords: 1).isEmpty)
    }

    @Test("an identifier whose derived phrase claims something is never named, in any locale")
    func unsafeIdentifiers() {
        let records = [Self.object("left_turn_signal", 0.9), Self.object("route_66_sign", 0.9),
                       Self.object("danger_zone", 0.9), Self.object("garden_gnome", 0.9), Self.object("", 0.9)]
        for locale in SpokenLocale.allCases {
            let phrases = LabelListComposition.compose(records: records, locale: locale, detail: .detailed)
            #expect(phrases.map(\.recordIndices) == [[3]])
            #expect(phrases.first?.text == "a garden gnome")
        }
    }

    @Test("locale changes wording only, never which records are named")
    func localeInvariant() {
        var generator = SeededGenerator(seed: 7)
        let identifiers = SpokenVocabulary.entries.map(\.identifier) + ["garden_gnome", "bag_of_chips", "a_la_carte_menu"]
        for _ in 0..<300 {
            let records = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                PerceptionRecord(kind: Bool.random(using: &generator) ? .object : .sound,
                                 label: identifiers.randomElement(using: &generator)!,
                                 confidence: Double.random(in: 0.3...1, using: &generator))
            }
            let detail = SpokenDetail.allCases.randomElement(using: &generator)!
            let covered = SpokenLocale.allCases.map { locale in
                LabelListComposition.compose(records: records, locale: locale, detail: detail).map(\.recordIndices)
            }
            #expect(covered[0] == covered[1] && covered[1] == covered[2], "\(records)")
        }
    }

    @Test("its output always passes the validator, across the whole vocabulary and every locale",
          arguments: SpokenLocale.allCases)
    func outputAlwaysValid(locale: SpokenLocale) {
        var generator = SeededGenerator(seed: 42)
        let entries = SpokenVocabulary.entries
        var checked = 0
        // The ceiling formula is the same at every level up to its label limit, so the
        // detailed level's windows cover brief's and standard's.
        for detail in [SpokenDetail.detailed] {
            // Every entry, in windows of every size up to the label limit.
            for size in 1...detail.maximumLabels {
                for start in stride(from: 0, to: entries.count, by: 1) {
                    let window = (0..<size).map { entries[(start + $0) % entries.count] }
                    let records = window.map { entry in
                        PerceptionRecord(kind: entry.stream == .sight ? .object : .sound, label: entry.identifier,
                                         confidence: Double.random(in: 0.4...1, using: &generator))
                    }
                    let phrases = LabelListComposition.compose(records: records, locale: locale, detail: detail)
                    for phrase in phrases {
                        let ceiling = detail.maximumPhraseWords(labelCount: phrase.recordIndices.count)
                        let verdict = PhraseValidator.validate(phrase.text, locale: locale, maximumWords: ceiling)
                        #expect(verdict == .accepted(phrase.text), "\(phrase.text) [\(locale)]: \(verdict)")
                        checked += 1
                    }
                    // Every record of the window is named (no entry is refused).
                    let named = phrases.flatMap(\.recordIndices)
                    let distinct = Set(window.map(\.identifier)).count
                    #expect(named.count == distinct)
                }
            }
        }
        #expect(checked > 400)
    }
}
