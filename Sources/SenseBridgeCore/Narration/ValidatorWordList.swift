/// The words and phrases a subject phrase may not contain, per language, as data.
///
/// Every list is applied to every locale, because a cross-language word slips through
/// exactly where no one looks for it: an English "ahead" inside a Spanish reply.
/// Matching is on whole words. English and Spanish entries ignore case and accents
/// ("está" = "esta", "ahéad" = "ahead"), since accents never turn a banned word into a
/// harmless one there. In a Vietnamese phrase a word of the reviewed Vietnamese names
/// is compared exactly with short entries ("máy", machine, is not "may"; "tủ", cabinet,
/// is not "tu"), and any other accented word is compared without its marks, so "rùn"
/// cannot dodge "run". Entries of four letters or more are compared without accents
/// everywhere, as no Vietnamese syllable spells "ahead" or "safe" once its marks are removed.
/// Vietnamese entries respect diacritics against accented text, because there they are
/// the word ("là" is, "lá" leaf); in a Vietnamese session an unaccented word is also
/// compared with the unaccented entry, so "nguy hiem" cannot dodge "nguy hiểm".
///
/// The number words two to ten ("two", "dos", "hai") are not on the number lists: they
/// are reviewed count words (`ConnectingWords+Counts`), and the grounding rule, which
/// runs on every sight and sound phrase after this check, accepts one only when it
/// equals the records covered of the name it counts. Every other number (digits,
/// "one", "eleven", "hundred", "a couple") is still refused here.
public struct ValidatorWordList: Sendable {
    public struct Entry: Equatable, Sendable {
        /// One or more words; a trailing `*` on the last word matches any ending.
        public let pattern: String
        public let reason: PhraseRejectionReason
        /// An entry whose unaccented form is a different, harmless word: Vietnamese
        /// "cạnh" (beside) vs "cánh" (the classifier for doors), English "may" vs
        /// Vietnamese "máy" (machine).
        public let diacriticsAlwaysSignificant: Bool
        let words: [String]
        let foldedWords: [String]
        /// Position in the list, so the reported entry is the same on every run.
        let ordinal: Int

        init(_ pattern: String, _ reason: PhraseRejectionReason, exact: Bool, ordinal: Int) {
            self.pattern = pattern
            self.reason = reason
            self.diacriticsAlwaysSignificant = exact
            self.ordinal = ordinal
            words = PhraseText.words(pattern)
            foldedWords = words.map(PhraseText.folded)
        }

        var isPrefix: Bool { words.last?.hasSuffix("*") ?? false }
    }

    public let language: SpokenLocale
    public let entries: [Entry]
    /// Names that contain a listed word but claim nothing ("stop sign", "parking
    /// meter"); their words are masked before the lists are matched.
    public let allowedCompounds: [Entry]
    /// Common words of this language, for the wrong-language heuristic.
    public let languageMarkers: [String]

    init(language: SpokenLocale,
         sentence: [String], certainty: [String], hedge: [String], number: [String],
         distance: [String], direction: [String], danger: [String], absence: [String],
         allowedCompounds: [String], languageMarkers: [String], diacriticsAlwaysSignificant: Set<String> = []) {
        self.language = language
        let groups: [(PhraseRejectionReason, [String])] = [
            (.sentence, sentence), (.certainty, certainty), (.hedge, hedge), (.number, number),
            (.distance, distance), (.direction, direction), (.danger, danger), (.absence, absence),
        ]
        let all = groups.flatMap { reason, patterns in patterns.map { (reason, $0) } }
        entries = all.enumerated().map { ordinal, item in
            Entry(item.1, item.0, exact: diacriticsAlwaysSignificant.contains(item.1), ordinal: ordinal)
        }
        self.allowedCompounds = allowedCompounds.enumerated().map { Entry($1, .empty, exact: false, ordinal: $0) }
        self.languageMarkers = languageMarkers
    }

    /// Every language's list.
    public static let all: [ValidatorWordList] = [.en, .es, .vi]

    /// Order in which list reasons are checked, so a phrase with several faults reports
    /// the same one every time. Multi-word claims come first where they contain a word
    /// of a later list ("có lẽ" is a hedge before "có" opens a sentence; "no obstacles"
    /// claims an absence before "obstacles" claims a danger).
    static let reasonOrder: [PhraseRejectionReason] = [.certainty, .hedge, .absence, .sentence, .number,
                                                       .distance, .direction, .danger]
}
