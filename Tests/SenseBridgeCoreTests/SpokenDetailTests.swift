import Testing
@testable import SenseBridgeCore

@Suite("SpokenDetail")
struct SpokenDetailTests {
    @Test("more detail names more labels and allows more words")
    func scales() {
        #expect(SpokenDetail.brief.maximumLabels < SpokenDetail.standard.maximumLabels)
        #expect(SpokenDetail.standard.maximumLabels < SpokenDetail.detailed.maximumLabels)
        #expect(SpokenDetail.brief.maximumPhraseWords(labelCount: 10) < SpokenDetail.detailed.maximumPhraseWords(labelCount: 10))
        #expect(SpokenDetail.standard.maximumPhraseWords(labelCount: 1) == 6)
        #expect(SpokenDetail.standard.maximumPhraseWords(labelCount: 2) == 13)
        #expect(SpokenDetail.standard.maximumPhraseWords(labelCount: 0) == 6)
    }

    @Test("a composer cannot buy words by claiming more labels than the level names")
    func capped() {
        for detail in SpokenDetail.allCases {
            #expect(detail.maximumPhraseWords(labelCount: 100)
                == detail.maximumPhraseWords(labelCount: detail.maximumLabels))
        }
    }

    @Test("detail never changes the floor, the buckets or the hedges", arguments: SpokenLocale.allCases)
    func detailChangesNothingElse(locale: SpokenLocale) {
        let records = [
            PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
            PerceptionRecord(kind: .object, label: "dog", confidence: 0.65),
            PerceptionRecord(kind: .object, label: "cat", confidence: 0.45),
            PerceptionRecord(kind: .object, label: "bench", confidence: 0.39),
        ]
        var sentenceForRecord: [SpokenDetail: [Int: String]] = [:]
        for detail in SpokenDetail.allCases {
            let narration = SceneNarrator.narrate(records: records, composerPhrases: [], locale: locale, detail: detail)
            // The sub-floor bench is never named, at any level.
            #expect(!narration.sentences.contains { $0.recordIndices.contains(3) })
            for sentence in narration.sentences {
                for index in sentence.recordIndices { sentenceForRecord[detail, default: [:]][index] = sentence.text }
            }
        }
        // Brief names the two most confident; standard and detailed all three. Each
        // named record is said with the same sentence (same hedge) at every level.
        #expect(sentenceForRecord[.brief]?.keys.sorted() == [0, 1])
        #expect(sentenceForRecord[.standard]?.keys.sorted() == [0, 1, 2])
        #expect(sentenceForRecord[.detailed]?.keys.sorted() == [0, 1, 2])
        for index in 0..<2 {
            let sentences = Set(SpokenDetail.allCases.compactMap { sentenceForRecord[$0]?[index] })
            #expect(sentences.count == 1, "record \(index) sounds different across detail levels: \(sentences)")
        }
        #expect(sentenceForRecord[.standard]?[2] == sentenceForRecord[.detailed]?[2])
    }
}
