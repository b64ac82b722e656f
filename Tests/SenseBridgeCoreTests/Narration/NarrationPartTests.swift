import Testing
import SenseBridgeRepositoryTesting
@testable import SenseBridgeCore

/// At the detailed level the host says where each thing of sight is, from its measured
/// box, part by part of the view; below it, nothing changes.
@Suite("NarrationPart")
struct NarrationPartTests {
    static func object(_ label: String, _ confidence: Double, from left: Double? = nil, to right: Double? = nil) -> PerceptionRecord {
        let box = left.flatMap { left in right.map { NormalizedBox(x: left, y: 0.3, width: $0 - left, height: 0.4) } }
        return PerceptionRecord(kind: .object, label: label, confidence: confidence, box: box)
    }

    /// Listed out of speaking order, with a thing without a box, a sound and text.
    static let scene = [
        object("chair", 0.5, from: 0.75, to: 0.95),
        object("table", 0.85),
        PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.9),
        object("dog", 0.7, from: 0.4, to: 0.6),
        object("chair", 0.9, from: 0.05, to: 0.25),
    ]

    /// The label list as the composer, asked about each part on its own.
    static func narrate(_ records: [PerceptionRecord], locale: SpokenLocale, detail: SpokenDetail) -> Narration {
        SceneNarrator.narrate(records: records, locale: locale, detail: detail) { _, part in
            LabelListComposition.compose(records: part, locale: locale, detail: detail).map(ProposedPhrase.phrase)
        }
    }

    @Test("parts: left, ahead, right, then the rest in record order; one part below detailed")
    func parts() {
        #expect(NarrationPart.parts(of: Self.scene, detail: .detailed) == [
            NarrationPart(position: .left, indices: [4]), NarrationPart(position: .ahead, indices: [3]),
            NarrationPart(position: .right, indices: [0]), NarrationPart(position: nil, indices: [1, 2]),
        ])
        for detail in [SpokenDetail.brief, .standard] {
            #expect(NarrationPart.parts(of: Self.scene, detail: detail) == [NarrationPart(position: nil, indices: [0, 1, 2, 3, 4])])
        }
        // Nothing placed, or nothing at all: one part, so the composer is asked as it was.
        #expect(NarrationPart.parts(of: [Self.object("chair", 0.9)], detail: .detailed) == [NarrationPart(position: nil, indices: [0])])
        #expect(NarrationPart.parts(of: [], detail: .detailed) == [NarrationPart(position: nil, indices: [])])
        // Everything placed: no empty rest.
        #expect(NarrationPart.parts(of: [Self.object("chair", 0.9, from: 0, to: 0.2)], detail: .detailed)
            == [NarrationPart(position: .left, indices: [0])])
        // A text record's box places nothing: text is read as it is, in the rest.
        let sign = PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.9, box: NormalizedBox(x: 0, y: 0, width: 0.2, height: 0.1))
        #expect(NarrationPart.parts(of: [sign], detail: .detailed) == [NarrationPart(position: nil, indices: [0])])
    }

    @Test("detailed: each thing said where it is, left to right, then the rest, in every locale", arguments: [
        (SpokenLocale.en, ["On the left, it looks like there's a chair.", "Ahead, it may be a dog.",
                           "On the right, it might be a chair, but I'm not sure.", "It looks like there's a table.",
                           "It sounds like a dog barking."]),
        (.es, ["A la izquierda, parece que hay una silla.", "Delante, puede que haya un perro.",
               "A la derecha, quizás haya una silla, aunque no es seguro.", "Parece que hay una mesa.",
               "Suena como un perro ladrando."]),
        (.vi, ["Bên trái, có vẻ như có một cái ghế.", "Phía trước, có thể có một con chó.",
               "Bên phải, có lẽ có một cái ghế, nhưng tôi không chắc.", "Có vẻ như có một cái bàn.",
               "Nghe như có tiếng chó sủa."]),
    ])
    func detailed(locale: SpokenLocale, expected: [String]) {
        let narration = Self.narrate(Self.scene, locale: locale, detail: .detailed)
        #expect(narration.spokenText == expected)
        #expect(narration.sentences.map(\.position) == [.left, .ahead, .right, nil, nil])
        #expect(narration.sentences.map(\.recordIndices) == [[4], [3], [0], [1], [2]])
        #expect(narration.report.composerFailures.isEmpty && narration.report.fallbackFailures.isEmpty)
        #expect(GroundingOracle().breaches(of: narration, records: Self.scene, locale: locale).isEmpty)
    }

    @Test("standard: the same scene is said exactly as without positions", arguments: SpokenLocale.allCases)
    func standardUnchanged(locale: SpokenLocale) {
        let unplaced = Self.scene.map { PerceptionRecord(kind: $0.kind, label: $0.label, confidence: $0.confidence) }
        for detail in [SpokenDetail.brief, .standard] {
            let narration = Self.narrate(Self.scene, locale: locale, detail: detail)
            let composed = LabelListComposition.compose(records: unplaced, locale: locale, detail: detail)
            let before = SceneNarrator.narrate(records: unplaced, composerPhrases: composed, locale: locale, detail: detail)
            #expect(narration == before)
            #expect(narration.sentences.allSatisfy { $0.position == nil })
        }
        #expect(Self.narrate(Self.scene, locale: .en, detail: .standard).spokenText
            == ["It looks like there's a table.", "It may be a dog.", "There might be two chairs, but I'm not sure.",
                "It sounds like a dog barking."])
    }

    /// One chair on each side is "a chair" twice: "two chairs" under one position would
    /// place a chair where none was measured, and on the weaker side's certainty or the
    /// stronger's, one of them would be wrong.
    @Test("two chairs, one left and one right, are a chair in each part, never two chairs", arguments: SpokenLocale.allCases)
    func chairOnEachSide(locale: SpokenLocale) {
        let records = [Self.object("chair", 0.9, from: 0.0, to: 0.2), Self.object("chair", 0.9, from: 0.8, to: 1.0)]
        let narration = Self.narrate(records, locale: locale, detail: .detailed)
        let chair = SpokenVocabulary.subject(for: "chair", locale: locale)
        #expect(narration.spokenText == [
            Phrasing.describe(subject: chair, certainty: .high, stream: .sight, locale: locale, position: .left),
            Phrasing.describe(subject: chair, certainty: .high, stream: .sight, locale: locale, position: .right),
        ])
        #expect(narration.sentences.map(\.recordIndices) == [[0], [1]])
        // A composer asked about one part cannot count the other's chair.
        let counting = SceneNarrator.narrate(records: records, locale: locale, detail: .detailed) { _, part in
            [.phrase(SubjectPhrase(stream: .sight, text: SpokenVocabulary.subject(for: "chair", locale: locale, count: 2)!,
                                   recordIndices: Array(part.indices)))]
        }
        #expect(counting.spokenText == narration.spokenText)
        #expect(counting.report.composerFailures.map(\.reason.code) == ["count-unearned", "count-unearned"])
    }

    /// The position words are the host's: a composer's direction is refused in the part
    /// it was asked about, and the label list says the thing where its box is.
    @Test("a composer's direction word is still refused", arguments: [
        (SpokenLocale.en, "a chair on the left", "On the left, it looks like there's a chair."),
        (.es, "una silla a la izquierda", "A la izquierda, parece que hay una silla."),
        (.vi, "một cái ghế bên trái", "Bên trái, có vẻ như có một cái ghế."),
    ])
    func composerDirectionRefused(locale: SpokenLocale, phrase: String, expected: String) {
        let records = [Self.object("chair", 0.9, from: 0.0, to: 0.2)]
        let narration = SceneNarrator.narrate(records: records, locale: locale, detail: .detailed) { _, _ in
            [.phrase(SubjectPhrase(stream: .sight, text: phrase, recordIndices: [0]))]
        }
        #expect(narration.spokenText == [expected])
        #expect(narration.report.composerFailures.map(\.reason) == [.rejectedPhrase(.direction)])
        #expect(narration.sentences.first?.source == .fallback)
    }

    /// The hedge of a part comes from the weakest record it names there: a sure chair on
    /// the left and a doubtful one on the right are said apart, each on its own record.
    @Test("each part's hedge comes from its own records")
    func hedgePerPart() {
        let records = [Self.object("chair", 0.45, from: 0.0, to: 0.2), Self.object("chair", 0.95, from: 0.8, to: 1.0),
                       Self.object("dog", 0.65, from: 0.0, to: 0.3)]
        let narration = Self.narrate(records, locale: .en, detail: .detailed)
        #expect(narration.spokenText == ["On the left, it may be a dog.", "On the left, it might be a chair, but I'm not sure.",
                                         "On the right, it looks like there's a chair."])
        #expect(narration.sentences.map(\.certainty) == [.medium, .low, .high])
    }

    /// Counted within a part: two chairs on the left are two chairs there, plural hedge.
    @Test("things of one kind in one part are counted there", arguments: [
        (SpokenLocale.en, "On the left, it looks like there are two chairs."),
        (.es, "A la izquierda, parece que hay dos sillas."),
        (.vi, "Bên trái, có vẻ như có hai cái ghế."),
    ])
    func countedInAPart(locale: SpokenLocale, expected: String) {
        let records = [Self.object("chair", 0.9, from: 0.0, to: 0.1), Self.object("chair", 0.85, from: 0.15, to: 0.3),
                       Self.object("chair", 0.9, from: 0.4, to: 0.6)]
        let narration = Self.narrate(records, locale: locale, detail: .detailed)
        #expect(narration.spokenText.first == expected)
        #expect(narration.sentences.first?.number == .plural)
        #expect(narration.sentences.map(\.recordIndices) == [[0, 1], [2]])
        #expect(GroundingOracle().breaches(of: narration, records: records, locale: locale).isEmpty)
    }

    /// A result for the whole moment (the network's) shared out among the parts: each
    /// entry to the part of its first record, an index of another part made one that
    /// part does not hold, so an entry spanning two places is refused and its records
    /// still said, each in its own place.
    @Test("a whole moment's result is shared out among the parts, an entry spanning two refused")
    func sharedResult() {
        let records = [Self.object("chair", 0.9, from: 0.0, to: 0.2), Self.object("dog", 0.9),
                       Self.object("chair", 0.9, from: 0.8, to: 1.0)]
        let proposed: [ProposedPhrase] = [
            .phrase(SubjectPhrase(stream: .sight, text: "two chairs", recordIndices: [2, 0])),
            .phrase(SubjectPhrase(stream: .sight, text: "a dog", recordIndices: [1])),
            .unreadable(UnreadablePhrase(stream: .sight, recordIndices: [0, 9], reason: .invalidUTF8)),
            .phrase(SubjectPhrase(stream: .sight, text: "a cat", recordIndices: [7])),
        ]
        let parts = NarrationPart.parts(of: records, detail: .detailed)
        #expect(parts.map(\.position) == [.left, .right, nil])
        let shares = NarrationPart.share(proposed, among: parts)
        #expect(shares == [
            [.unreadable(UnreadablePhrase(stream: .sight, recordIndices: [0, -1], reason: .invalidUTF8))],
            [.phrase(SubjectPhrase(stream: .sight, text: "two chairs", recordIndices: [0, -1]))],
            [.phrase(SubjectPhrase(stream: .sight, text: "a dog", recordIndices: [0])),
             .phrase(SubjectPhrase(stream: .sight, text: "a cat", recordIndices: [-1]))],
        ])
        let narration = SceneNarrator.narrate(records: records, locale: .en, detail: .detailed) { part, _ in
            shares[parts.firstIndex(of: part)!]
        }
        #expect(narration.spokenText == ["On the left, it looks like there's a chair.", "On the right, it looks like there's a chair.",
                                         "It looks like there's a dog."])
        #expect(narration.sentences.map(\.source) == [.fallback, .fallback, .composer])
        #expect(narration.report.composerFailures.map(\.reason.code).contains("invalid-record-indices"))
        // One part of every record: the result as it came, bad indices and all.
        let whole = NarrationPart.parts(of: records, detail: .standard)
        #expect(NarrationPart.share(proposed, among: whole) == [proposed])
    }
}
