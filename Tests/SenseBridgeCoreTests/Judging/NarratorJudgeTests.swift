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

    @Test func theDetailLevelFollowsTheRequestsLabelLimit() {
        #expect(NarratorJudge.detail(forMaximumLabels: 2) == .brief)
        #expect(NarratorJudge.detail(forMaximumLabels: 3) == .standard)
        #expect(NarratorJudge.detail(forMaximumLabels: 5) == .detailed)
        #expect(NarratorJudge.detail(forMaximumLabels: 50) == .detailed)
    }
}
