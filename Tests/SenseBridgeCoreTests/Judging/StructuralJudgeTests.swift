import Testing
@testable import SenseBridgeCore

/// The structural rules the harness judges a composer's phrases by, until the host
/// validator replaces them.
@Suite struct StructuralJudgeTests {
    let rules = StructuralJudge()
    let records = [
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
        PerceptionRecord(kind: .object, label: "table", confidence: 0.8),
        PerceptionRecord(kind: .sound, label: "doorbell", confidence: 0.7),
        PerceptionRecord(kind: .depth, label: "depth", confidence: 1, distanceMetres: 1),
    ]

    func request(words: Int = 12, labels: Int = 5) -> PhraseRequest {
        PhraseRequest(records: records, locale: "en", maximumWords: words, maximumLabels: labels)
    }

    @Test func wellFormedPhrasesPass() {
        let phrases = [SubjectPhrase(stream: .sight, text: "a chair and a table", recordIndices: [0, 1]),
                       SubjectPhrase(stream: .sound, text: "a doorbell", recordIndices: [2])]
        #expect(rules.problems(with: phrases, for: request()).isEmpty)
    }

    @Test func phrasesForNoRecordsAreInvented() {
        let empty = PhraseRequest(records: [], locale: "en", maximumWords: 12, maximumLabels: 5)
        let problems = rules.problems(with: [SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [])], for: empty)
        #expect(problems == ["1 phrase(s) for a request with no records: the composer invented a scene"])
    }

    @Test func eachRuleNamesThePhrase() {
        let cases: [(SubjectPhrase, String)] = [
            (SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [2]), "is in the sight stream but covers a sound record"),
            (SubjectPhrase(stream: .sight, text: "a chair and a table", recordIndices: [0, 1]), "names 2 labels; the request allowed 1"),
            (SubjectPhrase(stream: .sight, text: "There is a chair.", recordIndices: [0]), "ends like a sentence"),
            (SubjectPhrase(stream: .sight, text: "a chair", recordIndices: []), "names no record"),
            (SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [3]), "covers a depth record"),
            (SubjectPhrase(stream: .sight, text: "   ", recordIndices: [0]), "is empty"),
        ]
        for (phrase, expected) in cases {
            let problems = rules.problems(with: [phrase], for: request(labels: 1))
            #expect(problems.contains { $0.contains(expected) }, "\(phrase.text): \(problems)")
        }
        let long = SubjectPhrase(stream: .sight, text: "a chair a chair a chair", recordIndices: [0])
        #expect(rules.problems(with: [long], for: request(words: 4)) == ["phrase 0 \"a chair a chair a chair\" has 6 words; the request allowed 4"])
    }
}
