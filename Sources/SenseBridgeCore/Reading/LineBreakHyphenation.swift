/// Rejoins words a printed page split across a line break.
///
/// A line ending in a hyphen directly after a letter, followed by a line that begins with
/// a letter or digit, is one word broken in two:
/// - the next line begins with a **lowercase** letter → the hyphen was the typesetter's
///   and is dropped: "infor-" + "mation" → "information";
/// - the part before the hyphen **already holds a hyphen** ("state-of-the-") → a compound
///   broken at one of its own hyphens, which is kept: "state-of-the-art";
/// - the next line begins with a **capital or a digit** ("Franco-" + "Prussian",
///   "COVID-" + "19") → a compound, the hyphen is kept;
/// - a **soft hyphen** (U+00AD) is always the typesetter's and is always dropped.
///
/// What this gets wrong without a dictionary is a lowercase compound that happens to
/// break at its hyphen ("self-" + "aware" → "selfaware"). That is the cheap direction to
/// err in for a listener: a joined compound is spoken almost as it would have been, while
/// a word left split is spoken as two fragments that are not words.
enum LineBreakHyphenation {
    static let hyphens: Set<Character> = ["-", "\u{2010}", "\u{AD}"]

    static func join(_ text: String) -> String {
        var joined: [Substring] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if let previous = joined.last, let merged = merge(previous, line) {
                joined[joined.count - 1] = Substring(merged)
            } else {
                joined.append(line)
            }
        }
        return joined.joined(separator: "\n")
    }

    /// The two lines as one, when `line` ends in a broken word that `next` completes.
    private static func merge(_ line: Substring, _ next: Substring) -> String? {
        var end = line.endIndex
        while end > line.startIndex, line[line.index(before: end)].isWhitespace { end = line.index(before: end) }
        guard end > line.startIndex, case let hyphen = line[line.index(before: end)], hyphens.contains(hyphen) else { return nil }
        let stem = line[..<line.index(before: end)]
        guard let beforeHyphen = stem.last, beforeHyphen.isLetter else { return nil }
        let tail = next.drop(while: \.isWhitespace)
        guard let first = tail.first, first.isLetter || first.isNumber else { return nil }
        let lastWord = stem.split(whereSeparator: \.isWhitespace).last ?? stem
        let dropsHyphen = hyphen == "\u{AD}" || (startsLowercase(tail) && !lastWord.contains { hyphens.contains($0) })
        return String(stem) + (dropsHyphen ? "" : String(hyphen)) + tail
    }

    /// Whether the first letter is lowercase, judged on its first scalar so a letter
    /// whose diacritics arrive as separate combining marks is judged by its base.
    static func startsLowercase<S: StringProtocol>(_ text: S) -> Bool {
        text.first?.unicodeScalars.first?.properties.isLowercase ?? false
    }
}
