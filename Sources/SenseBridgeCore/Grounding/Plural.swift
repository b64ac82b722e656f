/// Plural forms of English and Spanish nouns, so "several chairs" and "unas sillas"
/// can be grounded in a record labelled "chair". Vietnamese marks plurality with a
/// separate word ("những"), never on the noun.
enum Plural {
    /// Plurals the suffix rules get wrong, for labels detectors commonly emit.
    static let irregularEnglish: [String: String] = [
        "person": "people", "child": "children", "man": "men", "woman": "women",
        "mouse": "mice", "knife": "knives", "shelf": "shelves", "leaf": "leaves",
        "wolf": "wolves", "sheep": "sheep", "deer": "deer", "fish": "fish",
        "bus": "buses", "glasses": "glasses", "scissors": "scissors", "stairs": "stairs",
    ]

    static func english(_ word: String) -> String {
        if let irregular = irregularEnglish[word] { return irregular }
        if ["s", "x", "z", "ch", "sh"].contains(where: word.hasSuffix) { return word + "es" }
        if word.hasSuffix("y"), word.count > 1, let beforeY = word.dropLast().last, !"aeiou".contains(beforeY) {
            return word.dropLast() + "ies"
        }
        return word + "s"
    }

    /// Compared without accents, so the stress mark a plural moves ("camión",
    /// "camiones") does not matter. A word ending in s or x may also stay unchanged
    /// ("paraguas"), which the caller handles by matching the singular first.
    static func spanish(_ word: String) -> String {
        guard let last = word.last else { return word }
        if "aeiouáéíóú".contains(last) { return word + "s" }
        if last == "z" { return word.dropLast() + "ces" }
        return word + "es"
    }

    /// Spanish words of a name that never take a plural: the prepositions and articles
    /// inside "silla de ruedas", "planta en maceta".
    static let spanishInvariable: Set<String> = ["de", "del", "en", "con", "a", "al", "la", "el", "los", "las", "y"]

    /// The plural of a multi-word name, or nil where the locale does not inflect.
    /// English inflects the last word ("traffic lights"); Spanish the head noun and the
    /// adjective right after it ("escaleras mecánicas", "señales de alto").
    static func name(_ words: [String], locale: SpokenLocale) -> [String]? {
        guard !words.isEmpty else { return nil }
        switch locale {
        case .en:
            return words.dropLast() + [english(words[words.count - 1])]
        case .es:
            var plural = words
            plural[0] = spanish(words[0])
            if words.count > 1, !spanishInvariable.contains(words[1]) { plural[1] = spanish(words[1]) }
            return plural
        case .vi:
            return nil
        }
    }
}
