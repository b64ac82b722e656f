/// How alike two recognitions of text are, from 0 (nothing shared) to 1 (the same).
///
/// OCR of one page held still changes a character or two from frame to frame; another
/// page changes nearly everything. The measure has to tell those apart at every length:
/// - up to `characterLimit` characters (a sign, a label, a few lines), one minus the
///   character edit distance over the longer length: a flickered letter in "EXIT"
///   costs a quarter of the words but only a fraction of the characters;
/// - longer (a page), the overlap of the two word multisets (Dice): a flickered letter
///   costs one word of hundreds, and an edit distance over thousands of characters
///   would cost a quadratic walk on every frame.
enum TextSimilarity {
    static let characterLimit = 256

    /// Compares the texts as spoken: whitespace collapsed, invisible characters dropped.
    static func similarity(_ first: String, _ second: String) -> Double {
        let a = RecognizedText.clean(first)
        let b = RecognizedText.clean(second)
        if a == b { return 1 }
        let left = Array(a)
        let right = Array(b)
        guard !left.isEmpty, !right.isEmpty else { return 0 }
        if max(left.count, right.count) <= characterLimit {
            return 1 - Double(EditDistance.characters(left, right)) / Double(max(left.count, right.count))
        }
        return wordOverlap(a, b)
    }

    /// Twice the shared words over the total words, counting repeats.
    static func wordOverlap(_ a: String, _ b: String) -> Double {
        var counts: [Substring: Int] = [:]
        let left = a.split(separator: " ")
        let right = b.split(separator: " ")
        for word in left { counts[word, default: 0] += 1 }
        var shared = 0
        for word in right {
            if let count = counts[word], count > 0 {
                shared += 1
                counts[word] = count - 1
            }
        }
        return 2 * Double(shared) / Double(left.count + right.count)
    }
}
