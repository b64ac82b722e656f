/// One subject phrase and the records it names.
public struct CountedPhrase: Equatable, Sendable {
    public var text: String
    public var recordIndices: [Int]

    public init(text: String, recordIndices: [Int]) {
        self.text = text
        self.recordIndices = recordIndices
    }
}

/// Builds subject phrases that group repeated labels: "two chairs and a table".
///
/// Never a sentence and never a hedge: the host wraps the phrase in one chosen from
/// the weakest confidence among `recordIndices`. English only: a wrong article or
/// plural in a language we have no table for is worse than none, so the composer
/// declines other locales and the host's label list speaks them.
public enum CountedPhrases {
    /// - Parameters:
    ///   - labels: the records of one stream, with their indices in the request.
    ///   - maximumWords: the host's word ceiling for the phrase.
    ///   - maximumLabels: how many distinct labels the phrase may name.
    ///   - counting: whether repeated labels are counted. Sounds are not: two records
    ///     of barking are two windows that heard barking, not two dogs, and the host
    ///     refuses a number before a sound.
    ///   - checkpoint: called before each label is grouped; it throws to stop (a cancel,
    ///     a deadline), so a huge request stops between labels rather than at its end.
    /// - Returns: nil when there is nothing to name or not even the first label fits.
    public static func phrase<E: Error>(for labels: [(index: Int, label: String)],
                                        maximumWords: Int, maximumLabels: Int, counting: Bool = true,
                                        checkpoint: () throws(E) -> Void) throws(E) -> CountedPhrase? {
        let groups = try LabelGroup.grouping(labels.filter { !$0.label.isEmpty }, checkpoint: checkpoint)
            .filter { !$0.words.isEmpty }
            .prefix(max(0, maximumLabels))
        // Drop groups from the end until the phrase fits: the first-reported labels
        // are the ones worth saying.
        var kept = Array(groups)
        while !kept.isEmpty {
            let text = EnglishNouns.list(kept.map { EnglishNouns.counted($0.words, count: counting ? $0.count : 1) })
            if wordCount(text) <= maximumWords {
                return CountedPhrase(text: text, recordIndices: kept.flatMap(\.recordIndices).sorted())
            }
            kept.removeLast()
        }
        return nil
    }

    /// The same, never stopping.
    public static func phrase(for labels: [(index: Int, label: String)],
                              maximumWords: Int, maximumLabels: Int) -> CountedPhrase? {
        phrase(for: labels, maximumWords: maximumWords, maximumLabels: maximumLabels, checkpoint: {})
    }

    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: { $0 == " " }).count
    }
}
