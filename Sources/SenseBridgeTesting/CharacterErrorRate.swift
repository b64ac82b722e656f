/// The character error rate of recognized text against its ground truth: the Levenshtein
/// distance (insertions, deletions, substitutions of one character each) divided by the
/// reference's length, after both have had every run of whitespace made one space, so
/// where tesseract broke lines or put blank lines between blocks does not count.
/// Characters are grapheme clusters: "ế" is one character, as a reader sees it.
/// Shared by the OCR plugin's tests and `make bench`, which hold SenseBridge and the
/// tesseract command line to the same measure.
public enum CharacterErrorRate {
    public static func normalized(_ text: String) -> [Character] {
        Array(text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
    }

    public static func of(_ recognized: String, reference: String) -> Double {
        let hypothesis = normalized(recognized), truth = normalized(reference)
        guard !truth.isEmpty else { return hypothesis.isEmpty ? 0 : 1 }
        return Double(distance(hypothesis, truth)) / Double(truth.count)
    }

    /// Levenshtein distance, two rows at a time.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
