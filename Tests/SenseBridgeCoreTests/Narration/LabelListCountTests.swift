import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// The label list says how many things of one kind there are, in words, at every
/// detail level, in every locale; the count covers every record it counts, so the
/// hedge is the group's weakest, and nothing is counted that the records do not hold.
@Suite("LabelListComposition counts")
struct LabelListCountTests {
    static func object(_ label: String, _ confidence: Double) -> PerceptionRecord {
        PerceptionRecord(kind: .object, label: label, confidence: confidence)
    }

    static let twoChairsAndADog = [object("chair", 0.9), object("dog", 0.85), object("chair", 0.88)]
    static let expected: [SpokenLocale: String] = [
        .en: "It looks like there are two chairs and a dog.",
        .es: "Parece que hay dos sillas y un perro.",
        .vi: "Có vẻ như có hai cái ghế và một con chó.",
    ]

    static let everyLocaleAndDetail = SpokenLocale.allCases.flatMap { locale in SpokenDetail.allCases.map { (locale, $0) } }

    @Test("two chairs are two chairs at every detail level, in en, es and vi", arguments: everyLocaleAndDetail)
    func twoChairs(locale: SpokenLocale, detail: SpokenDetail) {
        let phrases = LabelListComposition.compose(records: Self.twoChairsAndADog, locale: locale, detail: detail)
        // The count covers both chairs: the strongest chair's certainty is not lent to the other.
        #expect(phrases.map(\.recordIndices) == [[0, 2, 1]])
        let narration = SceneNarrator.narrate(records: Self.twoChairsAndADog, composerPhrases: phrases, locale: locale, detail: detail)
        #expect(narration.spokenText == [Self.expected[locale]!])
        #expect(narration.report.composerFailures.isEmpty)
        // With no composer at all (the fallback alone), the same sentence.
        let fallback = SceneNarrator.narrate(records: Self.twoChairsAndADog, composerPhrases: [], locale: locale, detail: detail)
        #expect(fallback.spokenText == [Self.expected[locale]!])
    }

    /// Grounding refuses a name said without its number over two records of it; two
    /// different things whose names a locale spells alike would be refused so, and the
    /// label list would lose them. Every pair of reviewed sight names, one record each,
    /// is said by the label list's own phrase, unrefused.
    @Test("no two reviewed things of sight are one name to grounding", arguments: SpokenLocale.allCases)
    func everyPairIsTwoNames(locale: SpokenLocale) {
        let sight = SpokenVocabulary.entries.filter { $0.stream == .sight }.map(\.identifier)
        for (position, first) in sight.enumerated() {
            for second in sight[(position + 1)...] {
                let records = [Self.object(first, 0.9), Self.object(second, 0.9)]
                let narration = SceneNarrator.narrate(records: records, composerPhrases: [], locale: locale, detail: .standard)
                #expect(narration.report.fallbackFailures.isEmpty, "\(first) and \(second) in \(locale)")
                #expect(Set(narration.sentences.flatMap(\.recordIndices)) == [0, 1], "\(first) and \(second) in \(locale)")
            }
        }
    }

    /// A detector's own label may spell another thing's reviewed name ("silla" beside
    /// "chair" in Spanish): one record of each is not a count, and is said, not refused
    /// into silence.
    @Test("two things a locale spells alike are one record of each")
    func spelledAlike() {
        let records = [Self.object("chair", 0.9), Self.object("silla", 0.9)]
        let narration = SceneNarrator.narrate(records: records, composerPhrases: [], locale: .es, detail: .standard)
        #expect(narration.report.fallbackFailures.isEmpty)
        #expect(Set(narration.sentences.flatMap(\.recordIndices)) == [0, 1])
        #expect(PhraseGrounding.ground("una silla", covering: [0, 1], records: records, stream: .sight, locale: .es)
            == .success(.init(number: .singular)))
    }

    @Test("a group's hedge is its weakest record's", arguments: SpokenLocale.allCases)
    func weakestRecordHedgesTheGroup(locale: SpokenLocale) {
        let records = [Self.object("chair", 0.95), Self.object("chair", 0.45)]
        let narration = SceneNarrator.narrate(records: records, composerPhrases: [], locale: locale, detail: .standard)
        #expect(narration.sentences.count == 1)
        #expect(narration.sentences.first?.certainty == .low)
        #expect(narration.sentences.first?.recordIndices.sorted() == [0, 1])
        let subject = SpokenVocabulary.subject(for: "chair", locale: locale, count: 2)!
        #expect(narration.spokenText == [Phrasing.describe(subject: subject, certainty: .low, stream: .sight, locale: locale, number: .plural)])
    }

    @Test("records below the floor are not counted")
    func belowTheFloorIsNotCounted() {
        let records = [Self.object("chair", 0.9), Self.object("chair", 0.3)]
        #expect(LabelListComposition.compose(records: records, locale: .en, detail: .standard)
            == [SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0])])
    }

    @Test("above ten is many, which claims only that", arguments: [
        (SpokenLocale.en, "many chairs"), (.es, "muchas sillas"), (.vi, "nhiều cái ghế"),
    ])
    func manyAboveTen(locale: SpokenLocale, subject: String) {
        let ten = Array(repeating: Self.object("chair", 0.9), count: 10)
        #expect(LabelListComposition.compose(records: ten, locale: locale, detail: .brief).map(\.text)
            == [SpokenVocabulary.subject(for: "chair", locale: locale, count: 10)!])
        let twelve = ten + [Self.object("chair", 0.9), Self.object("chair", 0.9)]
        let phrases = LabelListComposition.compose(records: twelve, locale: locale, detail: .brief)
        #expect(phrases.map(\.text) == [subject])
        #expect(phrases.first?.recordIndices.count == 12)
        let narration = SceneNarrator.narrate(records: twelve, composerPhrases: phrases, locale: locale, detail: .brief)
        #expect(narration.report.composerFailures.isEmpty)
    }

    /// A label with no reviewed entry is said in English inside the locale's sentence; in
    /// Spanish its "many" needs a gender, and without one the group went unsaid and the
    /// person heard that nothing was recognized.
    @Test("above ten of an unreviewed label is many in every locale, never silence", arguments: [
        (SpokenLocale.en, "It looks like there are many umbrella stands."),
        (.es, "Parece que hay muchos umbrella stands."),
        (.vi, "Có vẻ như có nhiều umbrella stands."),
    ])
    func manyOfAnUnreviewedLabel(locale: SpokenLocale, sentence: String) {
        let eleven = Array(repeating: Self.object("umbrella_stand", 0.9), count: 11)
        let phrases = LabelListComposition.compose(records: eleven, locale: locale, detail: .brief)
        let narration = SceneNarrator.narrate(records: eleven, composerPhrases: phrases, locale: locale, detail: .brief)
        #expect(narration.spokenText == [sentence])
        #expect(narration.report.composerFailures.isEmpty)
    }

    @Test("detail limits how many kinds are named, never how many of a kind are counted")
    func detailLimitsKindsNotCounts() {
        let records = [Self.object("chair", 0.9), Self.object("chair", 0.9), Self.object("chair", 0.9),
                       Self.object("table", 0.88), Self.object("lamp", 0.86), Self.object("lamp", 0.86)]
        #expect(LabelListComposition.compose(records: records, locale: .en, detail: .brief).map(\.text)
            == ["three chairs and a table"])
        #expect(LabelListComposition.compose(records: records, locale: .en, detail: .standard).map(\.text)
            == ["three chairs, a table and two lamps"])
    }

    @Test("a label whose counted form the validator refuses is named once, never dropped")
    func uncountableIsNamedOnce() {
        // An unreviewed "look": "a look" passes, its derived plural "looks" is a hedge word.
        let records = [Self.object("look", 0.9), Self.object("look", 0.85), Self.object("chair", 0.9), Self.object("chair", 0.9)]
        #expect(LabelListComposition.compose(records: records, locale: .en, detail: .standard)
            == [SubjectPhrase(stream: .sight, text: "a look and two chairs", recordIndices: [0, 2, 3])])
    }

    @Test("sounds are named once however many records heard them, as is recognized text")
    func soundsAndTextAreNotCounted() {
        let records = [PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.9),
                       PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.7),
                       PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.9),
                       PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.9)]
        let narration = SceneNarrator.narrate(records: records, composerPhrases: [], locale: .en, detail: .detailed)
        #expect(narration.spokenText == ["It sounds like a dog barking.", "The text appears to say: EXIT"])
        #expect(narration.sentences.first?.recordIndices == [0])
    }

    @Test("a composer's count is spoken when it is right and replaced by the label list's when it is not")
    func composerCounts() {
        let records = Self.twoChairsAndADog
        let right = SceneNarrator.narrate(records: records, composerPhrases: [SubjectPhrase(stream: .sight, text: "a dog and two chairs", recordIndices: [0, 1, 2])],
                                          locale: .en, detail: .standard)
        #expect(right.spokenText == ["It looks like there's a dog and two chairs."])
        let wrong = SceneNarrator.narrate(records: records, composerPhrases: [SubjectPhrase(stream: .sight, text: "three chairs and a dog", recordIndices: [0, 1, 2])],
                                          locale: .en, detail: .standard)
        #expect(wrong.spokenText == [Self.expected[.en]!])
        #expect(wrong.report.composerFailures.map(\.reason) == [.ungrounded(.countUnearned)])
        #expect(GroundingOracle().breaches(of: right, records: records, locale: .en).isEmpty)
    }

    /// Every count the label list can say, two to eleven, read back by the test oracle
    /// as the count it is: a number word the oracle cannot read (Vietnamese "tám" folds
    /// to the classifier "tấm") made it accuse the right count of eight.
    @Test("the oracle reads every count the label list says, in en, es and vi", arguments: SpokenLocale.allCases)
    func oracleReadsEveryCount(locale: SpokenLocale) {
        for count in 2...(ConnectingWords.largestCount + 1) {
            let records = Array(repeating: Self.object("chair", 0.9), count: count)
            let narration = SceneNarrator.narrate(records: records, composerPhrases: [], locale: locale, detail: .standard)
            #expect(narration.sentences.flatMap(\.recordIndices).count == count, "\(count) in \(locale)")
            #expect(GroundingOracle().breaches(of: narration, records: records, locale: locale).isEmpty, "\(count) in \(locale)")
        }
    }

    @Test("the oracle accuses a wrong 'tám' and does not read the classifier 'tấm' as eight")
    func oracleTellsEightFromTheClassifier() {
        let threeChairs = Array(repeating: Self.object("chair", 0.9), count: 3)
        let wrong = Self.narration("Có vẻ như có tám cái ghế.", covering: [0, 1, 2])
        #expect(!GroundingOracle().breaches(of: wrong, records: threeChairs, locale: .vi).isEmpty)
        let sign = [Self.object("sign", 0.9)]
        let oneSign = Self.narration("Có vẻ như có một tấm biển.", covering: [0])
        #expect(GroundingOracle().breaches(of: oneSign, records: sign, locale: .vi).isEmpty)
    }

    /// "máy bay" (an airplane) ends in "bay" (to fly), which is "bảy" (seven) without
    /// its tone mark: read folded, the oracle counted the dog listed after an airplane
    /// as seven dogs and accused a right narration.
    @Test("the oracle reads 'bảy' as seven and the airplane's 'bay' as no number")
    func oracleTellsSevenFromTheAirplane() {
        let records = [Self.object("airplane", 0.95), Self.object("dog", 0.9)]
        let listed = SceneNarrator.narrate(records: records, composerPhrases: [], locale: .vi, detail: .standard)
        #expect(listed.spokenText == ["Có vẻ như có một chiếc máy bay và một con chó."])
        #expect(GroundingOracle().breaches(of: listed, records: records, locale: .vi).isEmpty)
        let sevenDogs = Array(repeating: Self.object("dog", 0.9), count: 7)
        #expect(GroundingOracle().breaches(of: Self.narration("Có vẻ như có bảy con chó.", covering: Array(0..<7)),
                                           records: sevenDogs, locale: .vi).isEmpty)
        #expect(!GroundingOracle().breaches(of: Self.narration("Có vẻ như có bảy con chó.", covering: [0, 1]),
                                            records: Array(sevenDogs.prefix(2)), locale: .vi).isEmpty)
    }

    /// One sentence as a composer might have worded it, for the oracle to judge.
    static func narration(_ text: String, covering indices: [Int]) -> Narration {
        Narration(sentences: [NarratedSentence(stream: .sight, certainty: .high, text: text, recordIndices: indices, source: .composer)],
                  report: NarrationReport())
    }
}
