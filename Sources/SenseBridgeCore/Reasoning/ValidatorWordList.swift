/// The words and phrases a subject phrase may not contain, per language, as data.
///
/// Every list is applied to every locale, because a cross-language word slips through
/// exactly where no one looks for it: an English "ahead" inside a Spanish reply.
/// Matching is on whole words. English and Spanish entries ignore case and accents
/// ("está" = "esta"), since accents never turn a banned word into a harmless one there.
/// Vietnamese entries respect diacritics against accented text, because there they are
/// the word ("là" is, "lá" leaf); in a Vietnamese session an unaccented word is also
/// compared with the unaccented entry, so "nguy hiem" cannot dodge "nguy hiểm".
public struct ValidatorWordList: Sendable {
    public struct Entry: Equatable, Sendable {
        /// One or more words; a trailing `*` on the last word matches any ending.
        public let pattern: String
        public let reason: PhraseRejectionReason
        /// A Vietnamese entry whose unaccented form is a different, harmless word
        /// ("cạnh" beside vs "cánh", the classifier for doors).
        public let diacriticsAlwaysSignificant: Bool
        let words: [String]
        let foldedWords: [String]

        init(_ pattern: String, _ reason: PhraseRejectionReason, exact: Bool) {
            self.pattern = pattern
            self.reason = reason
            self.diacriticsAlwaysSignificant = exact
            words = PhraseText.words(pattern)
            foldedWords = words.map(PhraseText.folded)
        }
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
        entries = groups.flatMap { reason, patterns in
            patterns.map { Entry($0, reason, exact: diacriticsAlwaysSignificant.contains($0)) }
        }
        self.allowedCompounds = allowedCompounds.map { Entry($0, .empty, exact: false) }
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
