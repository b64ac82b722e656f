/// Splits recognized text into sentence-level segments, the unit the reading cursor
/// speaks, awaits, and steps back and forth over.
///
/// The segment is what "back" and "next" land on, so both kinds of mistake are felt:
/// a sentence cut in two starts the listener mid-thought, and sentences run together
/// make "back" jump further than asked. Where a rule must guess, it guesses toward
/// keeping text together, because the over-long rule still bounds any utterance.
///
/// In order:
/// 1. words broken at a line end are rejoined (`LineBreakHyphenation`);
/// 2. a blank line is a paragraph break and always ends a segment, so a heading with no
///    full stop is never read into the paragraph below it;
/// 3. whitespace collapses to single spaces and invisible characters go
///    (`RecognizedText.clean`);
/// 4. a segment ends after a word ending in `.`, `!`, `?` or `…` (closing quotes and
///    brackets after the mark stay with the sentence) unless `endsSentence` says not;
/// 5. a run of more than `maximumWords` words without an end is cut at a clause mark or
///    evenly at word boundaries, so no utterance runs on for minutes.
///
/// Marks inside a word are never boundaries, since a boundary needs a space after it:
/// "3.14", "1,000.50", "1.000,50", "12.05.2024" and "version 2.0" stay whole. Spanish
/// "¿" and "¡" open the word after a boundary, so they stay with their own sentence.
public struct TextSegmenter: Sendable {
    /// 40 words is about fifteen seconds of speech at a screen-reader pace: long enough
    /// for nearly every real sentence, short enough that "back" never costs much.
    public static let defaultMaximumWords = 40

    public let locale: SpokenLocale
    public let maximumWords: Int
    let abbreviations: SentenceAbbreviations

    public init(locale: SpokenLocale, maximumWords: Int = defaultMaximumWords) {
        precondition(maximumWords >= 2, "a segment needs room for more than one word")
        self.locale = locale
        self.maximumWords = maximumWords
        abbreviations = SentenceAbbreviations.forLocale(locale)
    }

    static let terminators: Set<Character> = [".", "!", "?", "…"]
    static let closers: Set<Character> = ["\"", "'", "”", "’", "»", "›", ")", "]", "}"]
    static let openers: Set<Character> = ["\"", "'", "“", "‘", "«", "‹", "(", "[", "{", "¿", "¡"]

    /// The segments of `text`, in order, none blank.
    public func segments(_ text: String) -> [String] {
        paragraphs(LineBreakHyphenation.join(text)).flatMap { paragraph -> [String] in
            let words = RecognizedText.clean(paragraph).split(separator: " ")
            return sentences(words).flatMap(boundedRuns).map { $0.joined(separator: " ") }
        }
    }

    /// Runs of lines separated by blank lines.
    private func paragraphs(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: "\n")) }
        return paragraphs
    }

    private func sentences(_ words: [Substring]) -> [[Substring]] {
        var sentences: [[Substring]] = []
        var current: [Substring] = []
        for (index, word) in words.enumerated() {
            current.append(word)
            let next = index + 1 < words.count ? words[index + 1] : nil
            if endsSentence(word, next: next, isFirstWord: current.count == 1) {
                sentences.append(current)
                current = []
            }
        }
        if !current.isEmpty { sentences.append(current) }
        return sentences
    }

    /// Whether a sentence ends after `word`, given the word that follows.
    func endsSentence(_ word: Substring, next: Substring?, isFirstWord: Bool) -> Bool {
        var end = word.endIndex
        while end > word.startIndex, Self.closers.contains(word[word.index(before: end)]) { end = word.index(before: end) }
        let core = word[..<end]
        guard let mark = core.last, Self.terminators.contains(mark) else { return false }
        guard let next else { return true }
        // A sentence does not go on in lowercase: "Wait… then it rang", "¿Vienes? dijo".
        if LineBreakHyphenation.startsLowercase(next.drop { Self.openers.contains($0) }) { return false }
        guard mark == ".", core.count > 1, core[core.index(core.endIndex, offsetBy: -2)] != "." else { return true }
        let stem = String(core.dropLast().drop { Self.openers.contains($0) })
        if abbreviations.beforeName.contains(stem) { return false }
        if abbreviations.mayEndSentence.contains(stem) { return true }
        // "J. R. R. Tolkien": a lone capital is an initial. "Plan B." before a capital is
        // read on with the next sentence, which costs a longer utterance, not a cut name.
        if stem.count == 1, let letter = stem.first, letter.isLetter,
           letter.unicodeScalars.first?.properties.isUppercase == true { return false }
        // "1." opening a segment numbers a list item; the item is the sentence.
        if isFirstWord, !stem.isEmpty, stem.allSatisfy(\.isNumber) { return false }
        return true
    }
}
