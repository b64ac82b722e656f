/// The host's check on every subject phrase from every composer, before Phrasing.
///
/// A composer is asked for a noun phrase ("a chair and a doorway"). A prompt cannot
/// guarantee that, and a network model or a third-party plugin may return a full,
/// confident sentence: "There is a car about 2 feet ahead — dangerous". Wrapped in a
/// hedge that would tell a walking blind user a distance, a direction and a danger no
/// sensor measured. This validator is local, deterministic and strict: a refused phrase
/// costs only wording (the host falls back to the label list); an accepted bad one can
/// cost a fall. When in doubt it refuses.
public enum PhraseValidator {
    /// Bytes of UTF-8 a phrase may use per word of its ceiling. The longest reviewed
    /// word is under 20 bytes ("refrigerador", Vietnamese syllables with two marks);
    /// 32 leaves room for a long identifier and the spaces between words. The C header
    /// states the same figure beside `max_words` (SB_PHRASE_BYTES_PER_WORD).
    public static let bytesPerWord = 32

    /// The byte cap for a phrase under a ceiling of `maximumWords` words.
    public static func maximumBytes(forWords maximumWords: Int) -> Int {
        max(maximumWords, 1) * bytesPerWord
    }

    /// Checks one phrase for `locale` within `maximumWords` words.
    ///
    /// Accepted phrases come back NFKC-normalized with whitespace collapsed; speak that
    /// form, not the original, since it is the one that was checked.
    /// Verdicts are remembered (`VerdictMemo`): the same phrase, locale and ceiling get
    /// the same verdict, computed once while it stays in memory.
    public static func validate(_ phrase: String, locale: SpokenLocale, maximumWords: Int) -> PhraseVerdict {
        // Before anything reads the text: a native string knows its UTF-8 length in O(1).
        guard phrase.utf8.count <= maximumBytes(forWords: maximumWords) else { return reject(.tooLong) }
        return VerdictMemo.shared.verdict(phrase, locale: locale, maximumWords: maximumWords) {
            check(phrase, locale: locale, maximumWords: maximumWords)
        }
    }

    /// Forgets every remembered validator verdict — phrase verdicts and the label list's
    /// nameability verdicts, which are validations too — so what follows computes them
    /// afresh. For benchmarks and tests of the computation itself; the memories are
    /// bounded and never need clearing otherwise.
    public static func forgetRememberedVerdicts() {
        VerdictMemo.shared.removeAll()
        NameabilityCache.shared.removeAll()
    }

    /// `validate` without the memory: a pure function of its arguments.
    static func check(_ phrase: String, locale: SpokenLocale, maximumWords: Int) -> PhraseVerdict {
        guard phrase.utf8.count <= maximumBytes(forWords: maximumWords) else { return reject(.tooLong) }
        let text = PhraseText(phrase)
        guard !text.normalized.isEmpty else { return reject(.empty) }
        if let problem = text.characterProblem { return reject(problem) }
        if let first = text.normalized.first, let last = text.normalized.last,
           first == "," || first == "-" || last == "," || last == "-"
            || (TextNormalization.bytesContain(text.normalized, ",,") && text.normalized.contains(",,")) {
            return reject(.sentence)
        }
        let words = PhraseText.words(text.normalized)
        guard !words.isEmpty else { return reject(.empty) }
        guard words.count <= maximumWords else { return reject(.tooManyWords) }

        let matcher = WordMatcher(words: words, locale: locale)
        if let entry = matcher.firstMatch() {
            return reject(entry.reason, entry.pattern)
        }
        guard LanguageCheck.plausible(text.normalized, matcher: matcher, locale: locale) else {
            return reject(.wrongLanguage)
        }
        return .accepted(text.normalized)
    }

    private static func reject(_ reason: PhraseRejectionReason, _ entry: String? = nil) -> PhraseVerdict {
        .rejected(PhraseRejection(reason, matchedEntry: entry))
    }
}
