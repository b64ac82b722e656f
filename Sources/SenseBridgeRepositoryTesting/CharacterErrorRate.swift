import SenseBridgeCore

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
        return Double(EditDistance.characters(hypothesis, truth)) / Double(truth.count)
    }
}
