import Testing
@testable import SenseBridgeCore

/// The validator against the slow path it was before its fast paths
/// (`SlowPathReference.validate`): the same verdict, the same reason, the same list
/// entry, the same scalars spoken, for every phrase of the validator's tables, for
/// hostile phrases, and for phrases built from the lists' own words with accents,
/// capitals and odd spacing added.
@Suite("Validator equivalence")
struct ValidatorEquivalenceTests {
    static func same(_ fast: PhraseVerdict, _ slow: PhraseVerdict) -> Bool {
        switch (fast, slow) {
        case let (.accepted(a), .accepted(b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case let (.rejected(a), .rejected(b)): return a == b
        default: return false
        }
    }

    static func compare(_ phrase: String, _ mismatches: inout TextNormalizationTests.Mismatches) {
        for locale in SpokenLocale.allCases {
            for ceiling in [2, 6, 13] {
                let fast = PhraseValidator.check(phrase, locale: locale, maximumWords: ceiling)
                let slow = SlowPathReference.validate(phrase, locale: locale, maximumWords: ceiling)
                mismatches.check(same(fast, slow), "[\(locale) \(ceiling)] \(phrase.debugDescription): \(fast) vs \(slow)")
                // Remembered or not, the same verdict.
                let remembered = PhraseValidator.validate(phrase, locale: locale, maximumWords: ceiling)
                mismatches.check(same(remembered, fast), "remembered [\(locale) \(ceiling)] \(phrase.debugDescription)")
            }
        }
    }

    /// Words a phrase may be built from: every list entry (a `*` given an ending), every
    /// compound and marker, every reviewed name in every locale, connecting words.
    static let words: [String] = {
        var words = ValidatorWordList.all.flatMap { list in
            list.entries.map { $0.pattern.replacingStar() } + list.allowedCompounds.map(\.pattern) + list.languageMarkers
        }
        words += SpokenVocabulary.entries.flatMap { [$0.en, $0.es, $0.vi] }
        words += SpokenLocale.allCases.flatMap { ConnectingWords.forLocale($0).words.map(\.word) }
        return words
    }()

    @Test("the validator's own tables and 5,000 hostile phrases: the same verdict as the slow path")
    func tablesAndHostilePhrases() {
        var mismatches = TextNormalizationTests.Mismatches()
        for row in PhraseValidatorTests.accepted + PhraseValidatorTests.rejected { Self.compare(row.phrase, &mismatches) }
        var generator = HostilePhraseGenerator(seed: 0xE9_0A1)
        for _ in 0..<5_000 { Self.compare(generator.next(), &mismatches) }
        mismatches.report()
    }

    @Test("4,000 phrases of the lists' and the tables' own words, decorated: the same verdict as the slow path")
    func listWordPhrases() {
        var mismatches = TextNormalizationTests.Mismatches()
        var generator = LatinTextGenerator(seed: 0x5EED_0F_0DD)
        for _ in 0..<4_000 {
            var parts: [String] = []
            for _ in 0..<Int.random(in: 1...4, using: &generator.random) {
                var word = Self.words.randomElement(using: &generator.random)!
                if Int.random(in: 0..<4, using: &generator.random) == 0 { word = word.uppercased() }
                if Int.random(in: 0..<4, using: &generator.random) == 0, !word.isEmpty {
                    // A diacritic after one of the word's scalars, or a letter swapped.
                    var scalars = Array(word.unicodeScalars)
                    let at = Int.random(in: 0...scalars.count, using: &generator.random)
                    let extra = generator.pick([(3, LatinTextGenerator.diacritics), (1, LatinTextGenerator.vietnamese),
                                                (1, LatinTextGenerator.latin1)])
                    scalars.insert(contentsOf: extra.unicodeScalars, at: at)
                    word = String(String.UnicodeScalarView(scalars))
                }
                parts.append(word)
            }
            let separator = generator.pick([(6, [" "]), (1, [", ", "  ", "-", " , ", "\u{A0}", "\u{3000}", ""])])
            Self.compare(parts.joined(separator: separator), &mismatches)
            Self.compare(generator.next(LatinTextGenerator.latinPools), &mismatches)
        }
        mismatches.report()
    }
}

private extension String {
    /// "metre*" → "metres", "hundred*" → "hundreds": an entry's `*` with an ending.
    func replacingStar() -> String { hasSuffix("*") ? dropLast() + "s" : self }
}
