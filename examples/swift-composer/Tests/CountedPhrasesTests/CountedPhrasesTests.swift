import Testing
@testable import CountedPhrases

private func labelled(_ labels: String...) -> [(index: Int, label: String)] {
    labels.enumerated().map { (index: $0.offset, label: $0.element) }
}

@Suite struct CountedPhrasesTests {
    @Test func repeatedLabelsAreCountedInFirstSeenOrder() {
        let phrase = CountedPhrases.phrase(for: labelled("chair", "table", "chair"),
                                           maximumWords: 12, maximumLabels: 5)
        #expect(phrase == CountedPhrase(text: "two chairs and a table", recordIndices: [0, 1, 2]))
    }

    @Test func threeOrMoreGroupsAreListedWithCommas() {
        let phrase = CountedPhrases.phrase(for: labelled("person", "dog", "person", "traffic_light", "person"),
                                           maximumWords: 12, maximumLabels: 5)
        #expect(phrase?.text == "three people, a dog and a traffic light")
    }

    @Test(arguments: [
        ("bus", 2, "two buses"), ("box", 3, "three boxes"), ("bench", 2, "two benches"),
        ("berry", 2, "two berries"), ("toy", 2, "two toys"), ("knife", 4, "four knives"),
        ("sheep", 2, "two sheep"), ("wine_glass", 2, "two wine glasses"), ("apple", 1, "an apple"),
        ("umbrella", 1, "an umbrella"), ("unicorn", 1, "a unicorn"), ("hour", 1, "an hour"),
        ("chair", 10, "ten chairs"), ("chair", 11, "many chairs"),
    ])
    func englishGroupingWords(label: String, count: Int, expected: String) {
        let phrase = CountedPhrases.phrase(for: Array(repeating: label, count: count).enumerated().map { (index: $0.offset, label: $0.element) },
                                           maximumWords: 12, maximumLabels: 5)
        #expect(phrase?.text == expected)
    }

    @Test func soundsAreNamedOnceNotCounted() {
        let phrase = CountedPhrases.phrase(for: labelled("dog_barking", "dog_barking"), maximumWords: 12, maximumLabels: 5,
                                           counting: false, checkpoint: {})
        #expect(phrase == CountedPhrase(text: "a dog barking", recordIndices: [0, 1]))
    }

    @Test func labelCeilingKeepsTheFirstReportedLabels() {
        let phrase = CountedPhrases.phrase(for: labelled("chair", "table", "lamp", "chair"),
                                           maximumWords: 12, maximumLabels: 2)
        #expect(phrase == CountedPhrase(text: "two chairs and a table", recordIndices: [0, 1, 3]))
    }

    @Test func wordCeilingDropsTrailingGroupsUntilThePhraseFits() {
        // "two chairs, a table and a lamp" is 7 words; "two chairs and a table" is 5.
        let phrase = CountedPhrases.phrase(for: labelled("chair", "table", "lamp", "chair"),
                                           maximumWords: 5, maximumLabels: 5)
        #expect(phrase?.text == "two chairs and a table")
        #expect(phrase?.recordIndices == [0, 1, 3])
    }

    @Test func nothingFitsMeansNoPhraseRatherThanACutWord() {
        #expect(CountedPhrases.phrase(for: labelled("traffic_light"), maximumWords: 2, maximumLabels: 5) == nil)
        #expect(CountedPhrases.phrase(for: labelled("chair"), maximumWords: 12, maximumLabels: 0) == nil)
        #expect(CountedPhrases.phrase(for: [], maximumWords: 12, maximumLabels: 5) == nil)
        #expect(CountedPhrases.phrase(for: labelled("", "_"), maximumWords: 12, maximumLabels: 5) == nil)
    }

    @Test func labelsDifferingOnlyInCaseAreOneGroup() {
        let groups = LabelGroup.grouping(labelled("Chair", "chair"))
        #expect(groups == [LabelGroup(label: "Chair", recordIndices: [0, 1])])
    }

    /// What lets the composer stop for a cancel between two labels, not once a whole
    /// stream has been counted: the checkpoint comes before every label, and a throw ends
    /// the counting there.
    @Test func theCheckpointComesBeforeEveryLabelAndAThrowStopsThere() {
        struct Cancelled: Error {}
        let labels = Array(repeating: "chair", count: 10_000).enumerated().map { (index: $0.offset, label: $0.element) }
        var calls = 0
        #expect(throws: Cancelled.self) {
            _ = try CountedPhrases.phrase(for: labels, maximumWords: 12, maximumLabels: 5) { () throws(Cancelled) in
                calls += 1
                if calls == 3 { throw Cancelled() }
            }
        }
        #expect(calls == 3)
        var all = 0
        let phrase = CountedPhrases.phrase(for: labels, maximumWords: 12, maximumLabels: 5) { all += 1 }
        #expect(all == labels.count)
        #expect(phrase?.text == "many chairs")
    }
}
