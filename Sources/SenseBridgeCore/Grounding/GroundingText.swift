/// How the grounding rule compares a phrase's words with names.
enum GroundingText {
    /// The comparison form of one word. English and Spanish ignore accents ("autobus"
    /// names the bus as well as "autobús" does); Vietnamese keeps them, because there
    /// they are the word: "ghế" is a chair, "ghe" a boat.
    static func key(_ word: String, locale: SpokenLocale) -> String {
        let lower = TextNormalization.nfc(word).lowercased()
        return locale == .vi ? lower : PhraseText.folded(lower)
    }

    /// The words of a phrase or name, split as the validator splits them (spaces,
    /// commas, hyphens) and in comparison form.
    static func keys(_ text: String, locale: SpokenLocale) -> [String] {
        PhraseText.words(text).map { key($0, locale: locale) }
    }

    /// Every word a locale's reviewed names and connecting words use, in comparison form.
    static func reviewedWords(_ locale: SpokenLocale) -> Set<String> {
        var words = Set(ConnectingWords.forLocale(locale).words.map { key($0.word, locale: locale) })
        for entry in SpokenVocabulary.entries { words.formUnion(keys(entry.phrase(locale), locale: locale)) }
        return words
    }
}
