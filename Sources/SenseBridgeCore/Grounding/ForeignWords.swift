/// Words that mark a phrase as written in another of the three languages, so a refusal
/// says "wrong-language" rather than "ungrounded-word" when that is the fault: "a
/// chair" in a Spanish session is a composer ignoring the locale, not naming a stranger.
enum ForeignWords {
    /// Connecting words and reviewed-name words of the other locales, minus any word
    /// the locale itself uses.
    static func isForeign(_ key: String, in locale: SpokenLocale) -> Bool {
        foreign[locale]?.contains(key) ?? false
    }

    private static let foreign: [SpokenLocale: Set<String>] = {
        let own = Dictionary(uniqueKeysWithValues: SpokenLocale.allCases.map { ($0, GroundingText.reviewedWords($0)) })
        var result: [SpokenLocale: Set<String>] = [:]
        for locale in SpokenLocale.allCases {
            var others = Set<String>()
            for other in SpokenLocale.allCases where other != locale {
                // Keyed as the phrase's locale keys them, so the comparison matches.
                for word in own[other] ?? [] { others.insert(GroundingText.key(word, locale: locale)) }
            }
            result[locale] = others.subtracting(own[locale] ?? [])
        }
        return result
    }()
}
