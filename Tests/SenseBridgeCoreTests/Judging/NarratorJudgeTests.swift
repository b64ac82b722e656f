import Testing
@testable import SenseBridgeCore

/// The harness's default judge is the host's own narrator and validator.
@Suite struct NarratorJudgeTests {
    let validator = NarratorJudge()
    let records = [
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
        PerceptionRecord(kind: .object, label: "car", confidence: 0.8),
        PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.9),
    ]

    func request(_ locale: String = "en") -> PhraseRequest {
        PhraseRequest(records: records, locale: locale, maximumWords: 12, maximumLabels: 5)
    }

    @Test func subjectPhrasesPass() {
        let phrases = [SubjectPhrase(stream: .sight, text: "a chair and a car", recordIndices: [0, 1]),
                       SubjectPhrase(stream: .text, text: "some text", recordIndices: [2])]
        #expect(validator.problems(with: phrases, for: request()) == [])
    }

    @Test func aConfidentSentenceWithADistanceIsRefused() {
        let phrase = SubjectPhrase(stream: .sight, text: "There is a car about 2 feet ahead — dangerous", recordIndices: [1])
        let problems = validator.problems(with: [phrase], for: request())
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("phrase 0 \"There is a car about 2 feet ahead — dangerous\" would be refused by the host: the validator rejected it (") == true)
    }

    @Test func namingARecordTwiceIsRefused() {
        let phrases = [SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0]),
                       SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0])]
        #expect(validator.problems(with: phrases, for: request()) == [
            "phrase 1 \"a chair\" would be refused by the host: it names a record an earlier phrase already named (overlapping-records)",
        ])
    }

    @Test func anUnspokenLocaleIsJudgedOnStructureAlone() {
        let phrase = SubjectPhrase(stream: .sight, text: "a chair.", recordIndices: [0])
        #expect(validator.problems(with: [phrase], for: request("xx")).first?.contains("ends like a sentence") == true)
    }

    /// The smart lie: every label named, only the surest claimed. Wording finds nothing
    /// wrong; grounding names the phrase, what it covers, and what the host had to add.
    @Test func theGroundingScopeSaysWhatAPhraseCoversAndWhatTheComposerLeftOut() {
        let scene = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
                     PerceptionRecord(kind: .object, label: "door", confidence: 0.5),
                     PerceptionRecord(kind: .object, label: "car", confidence: 0.95)]
        let lie = [SubjectPhrase(stream: .sight, text: "a chair and a door", recordIndices: [0])]
        let request = PhraseRequest(records: scene, locale: "en", maximumWords: 12, maximumLabels: 5)
        #expect(NarratorJudge().problems(with: lie, for: request) == [])
        // The chair was claimed (its phrase refused, then said by the label list); the
        // door and the car were never claimed, so only they were left out.
        #expect(NarratorJudge(scope: .grounding).problems(with: lie, for: request) == [
            "phrase 0 \"a chair and a door\" covering [0] would be refused by the host: it names 'door', a record it does not cover (uncovered-record-named)",
            "the composer left out door (record 1), car (record 2), which the host names; records-omitted",
        ])
    }

    @Test func theDetailLevelFollowsTheRequestsLabelLimit() {
        #expect(NarratorJudge.detail(forMaximumLabels: 2) == .brief)
        #expect(NarratorJudge.detail(forMaximumLabels: 3) == .standard)
        #expect(NarratorJudge.detail(forMaximumLabels: 5) == .detailed)
        #expect(NarratorJudge.detail(forMaximumLabels: 50) == .detailed)
    }
}
