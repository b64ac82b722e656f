/// How the grounding rule compares a phrase's words with names.
enum GroundingText {
    /// The comparison form of one word. English and Spanish ignore accents ("autobus"
    /// names the bus as well as "autobús" does); Vietnamese keeps them, because there
    /// they are the word: "ghế" is a chair, "ghe" a boat.
    static func key(_ word: String, locale: SpokenLocale) -> String {
        let lower = word.precomposedStringWithCanonicalMapping.lowercased()
        return locale == .vi ? lower : PhraseText.folded(lower)
    }

    /// The words of a phrase or name, split as the validator splits them (spaces,
    /// commas, hyphens) and in comparison form.
    static func keys(_ text: String, locale: SpokenLocale) -> [String] {
        PhraseText.words(text).map { key($0, locale: locale) }
    }

    /// The words of a label identifier: "traffic_light", "Traffic-Light" → traffic, light.
    static func labelWords(_ label: String) -> [String] {
        label.lowercased().split(whereSeparator: { $0 == "_" || $0 == "-" || $0.isWhitespace }).map(String.init)
    }
}
