import Testing
@testable import SenseBridgeCore

@Suite("SceneNarrator")
struct SceneNarratorTests {
    static let car = PerceptionRecord(kind: .object, label: "car", confidence: 0.9)

    @Test("the worst bug: a confident sentence with a distance and a danger is never spoken raw",
          arguments: [(SpokenLocale.en, "It looks like there's a car."), (.es, "Parece que hay un coche."),
                      (.vi, "Có vẻ như có một chiếc ô tô.")])
    func worstBug(locale: SpokenLocale, expected: String) {
        let phrase = SubjectPhrase(stream: .sight, text: "There is a car about 2 feet ahead — dangerous", recordIndices: [0])
        let narration = SceneNarrator.narrate(records: [Self.car], composerPhrases: [phrase], locale: locale, detail: .standard)
        #expect(narration.spokenText == [expected])
        #expect(narration.sentences.first?.source == .fallback)
        #expect(narration.report.composerFailures
            == [.init(stream: .sight, phraseIndex: 0, reason: .rejectedPhrase(.number))])
        #expect(narration.report.fallbackPhrasesUsed == 1)
        #expect(narration.report.acceptedComposerPhrases == 0)
    }

    @Test("the hedge comes from the weakest record the phrase covers; sub-floor records are not named", arguments: [
        (SpokenLocale.en, "a chair and a dog", "It might be a chair and a dog, but I'm not sure."),
        (.es, "una silla y un perro", "Quizás haya una silla y un perro, aunque no es seguro."),
        (.vi, "một cái ghế và một con chó", "Có lẽ có một cái ghế và một con chó, nhưng tôi không chắc."),
    ])
    func weakestHedge(locale: SpokenLocale, subject: String, expected: String) {
        let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.95),
                       PerceptionRecord(kind: .object, label: "dog", confidence: 0.5),
                       PerceptionRecord(kind: .object, label: "bench", confidence: 0.39)]
        let phrase = SubjectPhrase(stream: .sight, text: subject, recordIndices: [0, 1])
        let narration = SceneNarrator.narrate(records: records, composerPhrases: [phrase], locale: locale, detail: .standard)
        #expect(narration.spokenText == [expected])
        #expect(narration.sentences.first?.certainty == .low)
        #expect(narration.sentences.first?.source == .composer)
        #expect(narration.report.acceptedComposerPhrases == 1)
        #expect(narration.report.composerFailures.isEmpty)
    }

    @Test("bad record indices are refused and the fallback names the valid records")
    func badIndices() {
        let records = [Self.car, PerceptionRecord(kind: .sound, label: "siren", confidence: 0.9)]
        let phrases = [
            SubjectPhrase(stream: .sight, text: "a car", recordIndices: [0, 7]),
            SubjectPhrase(stream: .sound, text: "a siren", recordIndices: [0]),
        ]
        let narration = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: .en, detail: .standard)
        #expect(narration.spokenText == ["It looks like there's a car.", "It sounds like a siren."])
        #expect(narration.report.composerFailures.map(\.reason)
            == [.invalidRecordIndices, .invalidRecordIndices, .streamOmitted])
    }

    @Test("a phrase covering no records, or only sub-floor ones, is refused")
    func unnamedRecords() {
        let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
                       PerceptionRecord(kind: .object, label: "bench", confidence: 0.2)]
        let phrases = [
            SubjectPhrase(stream: .sight, text: "a table", recordIndices: []),
            SubjectPhrase(stream: .sight, text: "a chair and a bench", recordIndices: [0, 1]),
        ]
        let narration = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: .en, detail: .standard)
        #expect(narration.spokenText == ["It looks like there's a chair."])
        #expect(narration.report.composerFailures.map(\.reason) == [.noRecords, .coversUnnamedRecord])
        #expect(!narration.sentences.contains { $0.recordIndices.contains(1) })
    }

    @Test("overlapping and over-long phrases are refused")
    func overlapAndLimit() {
        let labels = ["chair", "table", "door", "lamp", "dog"]
        let records = labels.map { PerceptionRecord(kind: .object, label: $0, confidence: 0.9) }
        let phrases = [
            SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0]),
            SubjectPhrase(stream: .sight, text: "a chair and a table", recordIndices: [0, 1]),
            SubjectPhrase(stream: .sight, text: "a door, a lamp and a dog", recordIndices: [2, 3, 4]),
        ]
        let narration = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: .en, detail: .brief)
        #expect(narration.report.composerFailures.map(\.reason) == [.overlappingRecords, .tooManyLabels])
        #expect(narration.spokenText == ["It looks like there's a chair.", "It looks like there's a table.",
                                         "It looks like there's a door and a lamp."])
    }

    @Test("a stream the composer left out is said by the fallback: an alarm is never dropped")
    func omittedStream() {
        let records = [Self.car, PerceptionRecord(kind: .sound, label: "smoke_alarm", confidence: 0.7)]
        let narration = SceneNarrator.narrate(records: records,
                                              composerPhrases: [SubjectPhrase(stream: .sight, text: "a car", recordIndices: [0])],
                                              locale: .en, detail: .standard)
        #expect(narration.spokenText == ["It looks like there's a car.", "It may be the sound of a smoke alarm."])
        #expect(narration.report.composerFailures == [.init(stream: .sound, phraseIndex: nil, reason: .streamOmitted)])
    }

    /// "a chair" over one of two chairs is honest about that chair and hides the other:
    /// a name the label list counts is said only when every record it counts was, so
    /// the other chair is said too. A sound is named once, by any of its records.
    @Test("a counted name said over some of its records leaves the others to the fallback", arguments: [
        (SpokenLocale.en, "a chair", "It looks like there's a chair."), (.es, "una silla", "Parece que hay una silla."),
        (.vi, "một cái ghế", "Có vẻ như có một cái ghế."),
    ])
    func oneOfTwoChairs(locale: SpokenLocale, subject: String, chair: String) {
        let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
                       PerceptionRecord(kind: .object, label: "chair", confidence: 0.85),
                       PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.9),
                       PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.8)]
        let said = SceneNarrator.narrate(records: records, composerPhrases: [
            SubjectPhrase(stream: .sight, text: subject, recordIndices: [0]),
            SubjectPhrase(stream: .sound, text: SpokenVocabulary.subject(for: "dog_barking", locale: locale), recordIndices: [3]),
        ], locale: locale, detail: .standard)
        #expect(said.sentences.filter { $0.stream == .sight }.map(\.recordIndices) == [[0], [1]])
        #expect(said.sentences.filter { $0.stream == .sight }.map(\.text) == [chair, chair])
        #expect(said.sentences.filter { $0.stream == .sound }.map(\.recordIndices) == [[3]])
        #expect(said.report.composerFailures == [.init(stream: .sight, phraseIndex: nil, reason: .recordsOmitted)])
    }

    @Test("recognized text is read by the host inside the text hedge; the composer only chooses records")
    func textStream() {
        let records = [PerceptionRecord(kind: .text, label: "PLATFORM 2\nTRAINS TO CITY", confidence: 0.85),
                       PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.65)]
        let accepted = SceneNarrator.narrate(
            records: records, composerPhrases: [SubjectPhrase(stream: .text, text: "some signs", recordIndices: [0, 1])],
            locale: .en, detail: .standard)
        #expect(accepted.spokenText == ["The text may say: PLATFORM 2 TRAINS TO CITY", "The text may say: EXIT"])
        let refused = SceneNarrator.narrate(
            records: records, composerPhrases: [SubjectPhrase(stream: .text, text: "a sign ahead", recordIndices: [0, 1])],
            locale: .en, detail: .standard)
        #expect(refused.spokenText == ["The text appears to say: PLATFORM 2 TRAINS TO CITY", "The text may say: EXIT"])
        #expect(refused.report.composerFailures.map(\.reason) == [.rejectedPhrase(.direction)])
    }

    @Test("a fallback that misbehaves is checked too: its bad phrases are dropped and reported")
    func untrustedFallback() {
        let fallback = NarrationFallback { _, stream, indices in
            [SubjectPhrase(stream: stream, text: "There is definitely a car", recordIndices: indices),
             SubjectPhrase(stream: stream, text: "a car", recordIndices: [5])]
        }
        let narration = SceneNarrator.narrate(records: [Self.car],
                                              composerPhrases: [SubjectPhrase(stream: .sight, text: "2 cars", recordIndices: [0])],
                                              locale: .en, detail: .standard, fallback: fallback)
        #expect(narration.spokenText.isEmpty)
        #expect(narration.report.fallbackFailures.map(\.reason) == [.rejectedPhrase(.certainty), .invalidRecordIndices,
                                                                    .rejectedPhrase(.certainty), .invalidRecordIndices])
    }

    @Test("an accepted phrase is spoken in its normalized form")
    func normalized() {
        let narration = SceneNarrator.narrate(
            records: [Self.car], composerPhrases: [SubjectPhrase(stream: .sight, text: "  ａ  car ", recordIndices: [0])],
            locale: .en, detail: .standard)
        #expect(narration.spokenText == ["It looks like there's a car."])
    }

    @Test("no records, nothing said and nothing reported")
    func nothing() {
        let narration = SceneNarrator.narrate(records: [], composerPhrases: [], locale: .en, detail: .standard)
        #expect(narration.sentences.isEmpty)
        #expect(narration.report == NarrationReport())
    }
}
