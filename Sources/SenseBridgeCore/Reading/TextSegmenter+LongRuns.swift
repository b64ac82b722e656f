extension TextSegmenter {
    /// Marks after which a long run may be cut: where a reader would draw breath anyway.
    static let clauseMarks: Set<Character> = [",", ";", ":", "—", "–", ")"]

    /// A run of words no longer than `maximumWords`, cut as naturally as it allows:
    /// at the last clause mark that leaves at least a quarter of the limit before it,
    /// otherwise into equal parts at word boundaries, so 41 words become 21 and 20
    /// rather than 40 and a lone word.
    ///
    /// Vietnamese counts syllables here (its words are written syllable by syllable),
    /// which makes its segments shorter in meaning but alike in speaking time.
    func boundedRuns(_ words: [Substring]) -> [[Substring]] {
        var runs: [[Substring]] = []
        var rest = words[...]
        while rest.count > maximumWords {
            let shortest = max(1, maximumWords / 4)
            let window = rest.index(rest.startIndex, offsetBy: shortest - 1)..<rest.index(rest.startIndex, offsetBy: maximumWords)
            let cut: Int
            if let clause = window.last(where: { rest[$0].last.map(Self.clauseMarks.contains) ?? false }) {
                cut = clause + 1
            } else {
                let parts = (rest.count + maximumWords - 1) / maximumWords
                cut = rest.startIndex + (rest.count + parts - 1) / parts
            }
            runs.append(Array(rest[..<cut]))
            rest = rest[cut...]
        }
        if !rest.isEmpty { runs.append(Array(rest)) }
        return runs
    }
}
