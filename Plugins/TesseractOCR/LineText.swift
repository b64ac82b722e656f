/// What of a recognized line's text becomes a record's label.
enum LineText {
    /// The line with its ends trimmed and every run of whitespace made one space; nil for
    /// a line with no letter or digit in it.
    ///
    /// A line of only punctuation is what tesseract makes of a rule, a border or a speck
    /// ("—", "|", ". ."): saying it would be noise, and saying nothing is right since
    /// nothing was written there. A hyphen at the end of a line is kept as printed: only
    /// the reading core, which sees the next line, can tell "din-" + "ner" from
    /// "well-" + "known" (LineBreakHyphenation).
    static func label(_ raw: String) -> String? {
        let words = raw.split(whereSeparator: { $0.isWhitespace })
        guard words.contains(where: { word in word.contains { $0.isLetter || $0.isNumber } }) else { return nil }
        return words.joined(separator: " ")
    }
}
