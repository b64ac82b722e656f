/// What the speech target hands espeak-ng, so text is always spoken as the text itself.
///
/// The target never passes espeakSSML or espeakPHONEMES, so `<…>` tags and `[[…]]`
/// phoneme input are read out as characters. One channel is still open in plain-text
/// mode: espeak-ng treats U+0001 as the start of an embedded command that changes
/// speed, pitch or volume mid-sentence. Every control character therefore becomes a
/// space (also NUL, which would end the C string early), leaving the words untouched.
public enum SpeechText {
    public static func neutralized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        return String(out)
    }

    /// Whether there is anything to say: whitespace-only text is not spoken.
    public static func isSpeakable(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }
    }
}

extension SpeechText {
    /// Longest piece handed to espeak-ng at once. espeak-ng translates a whole clause
    /// before its first audio buffer, and text without punctuation is one clause however
    /// long: 260 KB of it took over a second before interrupt could take effect. Pieces
    /// of this size start speaking within a buffer or two.
    public static let maximumChunkCharacters = 400

    /// `text` in pieces of at most `maximum` characters, cut after a sentence end where
    /// there is one in the piece, else at the last space, else (one unbroken word) at
    /// the limit. Concatenated, the pieces are the text.
    public static func chunks(_ text: String, maximum: Int = maximumChunkCharacters) -> [Substring] {
        Array(Chunks(text, maximum: maximum))
    }

    /// The pieces of `chunks`, cut one at a time as they are asked for: a speaker that
    /// stops (an interrupt) between two pieces has not first walked the rest of a long text,
    /// which for 256 KiB in a debug build is a noticeable wait before the stop takes effect.
    public struct Chunks: Sequence, IteratorProtocol {
        private let text: String
        private let maximum: Int
        private var start: String.Index

        public init(_ text: String, maximum: Int = maximumChunkCharacters) {
            precondition(maximum > 0, "a chunk holds at least one character")
            self.text = text
            self.maximum = maximum
            start = text.startIndex
        }

        public mutating func next() -> Substring? {
            guard start < text.endIndex else { return nil }
            guard let limit = text.index(start, offsetBy: maximum, limitedBy: text.endIndex), limit < text.endIndex else {
                defer { start = text.endIndex }
                return text[start...]
            }
            let window = text[start..<limit]
            let sentenceEnd = window.lastIndex { ".!?\n".contains($0) }.map { text.index(after: $0) }
            let space = window.lastIndex(of: " ").map { text.index(after: $0) }
            let cut = [sentenceEnd, space].compactMap { $0 }.first { $0 > start } ?? limit
            defer { start = cut }
            return text[start..<cut]
        }
    }
}
