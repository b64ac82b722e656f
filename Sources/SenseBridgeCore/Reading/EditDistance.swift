/// Levenshtein distance over characters (grapheme clusters, as a reader sees them):
/// insertions, deletions and substitutions of one character each.
///
/// One implementation for the live reader's similarity (`TextSimilarity`) and for the
/// accuracy the OCR tests and `make bench` measure (`CharacterErrorRate`).
public enum EditDistance {
    /// Two rows at a time, so memory grows with one text's length, not with the product.
    public static func characters(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
