/// Whether a phrase is plausibly in the requested language.
///
/// Deliberately a small heuristic that rejects only the plain cases: an untranslated
/// identifier falls back to English by design ("a widget" in a Spanish session), so a
/// lone English noun phrase must pass everywhere. What it refuses is a phrase that is
/// clearly written in another of the three languages — Vietnamese letters in English
/// or Spanish, ñ outside Spanish, or more common words of another language than of
/// the requested one.
enum LanguageCheck {
    static func plausible(_ text: String, matcher: WordMatcher, locale: SpokenLocale) -> Bool {
        let (english, spanish) = matcher.markerCounts()
        switch locale {
        case .en:
            if PhraseText.hasVietnameseLetters(text) || PhraseText.hasSpanishOnlyLetters(text) { return false }
            return !(spanish >= 1 && spanish > english)
        case .es:
            if PhraseText.hasVietnameseLetters(text) { return false }
            return !(english >= 1 && english > spanish)
        case .vi:
            if PhraseText.hasSpanishOnlyLetters(text) { return false }
            if PhraseText.hasVietnameseLetters(text) { return true }
            // No Vietnamese letter at all: tolerate one English fallback name, refuse
            // a phrase that reads as an English or Spanish clause.
            return english + spanish < 2
        }
    }
}
