import Foundation
import Testing
@testable import SenseBridgeCore

/// Each fast path of the validator's text handling against the slow path it replaces
/// (`SlowPathReference`: Foundation's normalization, character-by-character splitting
/// and searching), over generated strings and exhaustively where the claim is about
/// single scalars. A fast path that diverges from Foundation by one scalar fails here.
/// Strings are compared scalar by scalar: `==` would call canonically equivalent
/// strings equal, and the spoken form must be the very one that was checked.
@Suite("TextNormalization")
struct TextNormalizationTests {
    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
    static func scalars(_ words: [String]) -> [[UInt32]] { words.map(scalars) }

    /// Failures gathered over a loop of many thousand checks, reported once with the
    /// first few: one `#expect` per check would cost more than the checks.
    struct Mismatches {
        private(set) var found: [String] = []

        mutating func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { found.append(message()) }
        }

        func report(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(found.isEmpty, "\(found.count) mismatches: \(found.prefix(8).joined(separator: "; "))",
                    sourceLocation: sourceLocation)
        }
    }

    /// Every generated string through every fast path, beside the slow path.
    static func compareEverything(_ text: String, _ mismatches: inout Mismatches) {
        let show = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
        mismatches.check(scalars(TextNormalization.nfkc(text)) == scalars(text.precomposedStringWithCompatibilityMapping), "NFKC of \(show)")
        mismatches.check(scalars(TextNormalization.nfc(text)) == scalars(text.precomposedStringWithCanonicalMapping), "NFC of \(show)")
        mismatches.check(scalars(PhraseText.folded(text)) == scalars(SlowPathReference.folded(text)), "folded \(show)")
        mismatches.check(PhraseText.hasVietnameseLetters(text) == SlowPathReference.hasVietnameseLetters(text), "Vietnamese letters in \(show)")
        mismatches.check(PhraseText.hasSpanishOnlyLetters(text) == SlowPathReference.hasSpanishOnlyLetters(text), "ñ in \(show)")
        mismatches.check(scalars(PhraseText.words(text)) == scalars(SlowPathReference.words(text)), "words of \(show)")
        mismatches.check(scalars(RecognizedText.clean(text)) == scalars(SlowPathReference.clean(text)), "clean \(show)")
        mismatches.check(scalars(SpokenVocabulary.identifierWords(text)) == scalars(SlowPathReference.identifierWords(text)),
                "identifier words of \(show)")
        for locale in SpokenLocale.allCases {
            mismatches.check(scalars(GroundingText.key(text, locale: locale)) == scalars(SlowPathReference.key(text, locale: locale)),
                    "\(locale) key of \(show)")
        }

        let fast = PhraseText(text), slow = SlowPathReference.Text(text)
        mismatches.check(scalars(fast.normalized) == scalars(slow.normalized), "normalized \(show)")
        mismatches.check(fast.characterProblem == slow.characterProblem, "character problem of \(show)")
mismatches.check(scalars(PhraseText.words(fast.normalized)) == scalars(SlowPathReference.words(slow.normalized)),
                "validator words of \(show)")

        // A byte search that finds nothing means `contains` finds nothing.
        let lower = text.lowercased()
        mismatches.check(TextNormalization.bytesContain(lower, "www.") || !lower.contains("www."), "www. in \(show)")
        mismatches.check(TextNormalization.bytesContain(lower, "://") || !lower.contains("://"), ":// in \(show)")
        mismatches.check(TextNormalization.bytesContain(text, ",,") || !text.contains(",,"), ",, in \(show)")
    }

    @Test("20,000 generated Latin-script strings: every fast path agrees with the slow path")
    func latinStrings() {
        var generator = LatinTextGenerator(seed: 0x1A71_7E47)
        var mismatches = Mismatches()
        for _ in 0..<20_000 { Self.compareEverything(generator.next(LatinTextGenerator.latinPools), &mismatches) }
        mismatches.report()
    }

    @Test("20,000 generated strings of any script: every fast path agrees with the slow path")
    func anyStrings() {
        var generator = LatinTextGenerator(seed: 0xA11_5C12)
        var mismatches = Mismatches()
        for _ in 0..<20_000 { Self.compareEverything(generator.next(LatinTextGenerator.anyPools), &mismatches) }
        mismatches.report()
    }

    @Test("each covered scalar, alone, after any letter and before any diacritic: NFC, NFKC, folding, Vietnamese letters")
    func coveredScalarPairs() {
        let covered = TextNormalization.coveredRanges.flatMap { $0.compactMap(Unicode.Scalar.init) }
        let leading = (0...0x7F).map { Unicode.Scalar(UInt8($0)) } + covered
        var mismatches = Mismatches()
        // What the NFC and NFKC fast paths claim: a string of ASCII and of these letters
        // is its own normal form, so no pair of them composes.
        for second in covered {
            guard let letter = TextNormalization.latin(second) else {
                mismatches.check(false, "\(second) not covered")
                continue
            }
            guard letter.isNFC else { continue }
            for first in leading where first.isASCII || TextNormalization.latin(first)?.isNFC == true {
                let pair = String(first) + String(second)
                mismatches.check(Self.scalars(pair.precomposedStringWithCanonicalMapping) == Self.scalars(pair), "NFC \(pair.debugDescription)")
                if letter.isNFKC, first.isASCII || TextNormalization.latin(first)?.isNFKC == true {
                    mismatches.check(Self.scalars(pair.precomposedStringWithCompatibilityMapping) == Self.scalars(pair),
                            "NFKC \(pair.debugDescription)")
                }
            }
        }
        // Foundation finds "ñ" in an n before any singleton decomposition as well.
        for second in covered + LatinTextGenerator.singletons.flatMap(\.unicodeScalars) {
            for text in ["n" + String(second), "N" + String(second) + "a"] {
                mismatches.check(PhraseText.hasSpanishOnlyLetters(text) == SlowPathReference.hasSpanishOnlyLetters(text),
                                 "ñ in \(text.debugDescription)")
            }
        }
        // Folding and the Vietnamese-letter test read a decomposition scalar by scalar.
        for first in leading {
            Self.compareFolding(String(first), &mismatches)
            for mark in LatinTextGenerator.diacritics { Self.compareFolding(String(first) + mark, &mismatches) }
        }
        mismatches.report()
    }

    static func compareFolding(_ text: String, _ mismatches: inout Mismatches) {
        mismatches.check(scalars(PhraseText.folded(text)) == scalars(SlowPathReference.folded(text)), "folded \(text.debugDescription)")
        mismatches.check(PhraseText.hasVietnameseLetters(text) == SlowPathReference.hasVietnameseLetters(text),
                "Vietnamese letters in \(text.debugDescription)")
    }

    /// The byte searches stand in for `contains` because no scalar decomposes to the
    /// ASCII characters searched for (or to a lowercase letter, which the `*` entries'
    /// lead bytes rely on), and because lowercasing makes none of ":", "." and "@" out of
    /// another scalar. A scalar that decomposes to a single other scalar is a full
    /// composition exclusion, so those are the ones to read.
    @Test("no scalar decomposes to, or lowercases into, the ASCII the byte searches look for")
    func byteSearchPremises() {
        var mismatches = Mismatches()
        let searched = Set(":/.@,w".unicodeScalars.map(\.value)).union(0x61...0x7A)
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.properties.isFullCompositionExclusion {
                let decomposition = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.map(\.value)
                mismatches.check(!(decomposition.count == 1 && searched.contains(decomposition[0])), "U+\(String(value, radix: 16))")
            }
            if scalar.properties.changesWhenLowercased {
                mismatches.check(!scalar.properties.lowercaseMapping.unicodeScalars.contains { ":.@".unicodeScalars.contains($0) },
                        "U+\(String(value, radix: 16))")
            }
        }
        mismatches.report()
    }

    @Test("templates are filled byte by byte exactly as character by character")
    func templates() {
        var generator = LatinTextGenerator(seed: 0x7E3F_1A7E)
        var mismatches = Mismatches()
        for _ in 0..<5_000 {
            var template = ""
            for _ in 0..<Int.random(in: 0...4, using: &generator.random) {
                template += generator.next(LatinTextGenerator.anyPools, length: 0...3).filter { $0 != "{" && $0 != "}" }
                template += ["{a}", "{b}", "{}", "}", ""].randomElement(using: &generator.random)!
            }
            if Bool.random(using: &generator.random) { template += "{" + generator.next(LatinTextGenerator.latinPools, length: 0...2).filter { $0 != "}" } }
            let entry = SpokenEntry(template, note: "generated")
            // A value for every slot the characters name, so neither path stops at one.
            let values = Dictionary(entry.slots.map { ($0, "«\($0)»") }, uniquingKeysWith: { first, _ in first })
            mismatches.check(Self.scalars(entry.filled(values)) == Self.scalars(SlowPathReference.filled(template, values)),
                    "\(template.debugDescription)")
        }
        for table in SpokenLocale.allCases.map(SpokenTable.forLocale) {
            for (name, entry) in table.allEntries {
                let values = Dictionary(uniqueKeysWithValues: entry.slots.map { ($0, "«\($0)»") })
                mismatches.check(entry.filled(values) == SlowPathReference.filled(entry.text, values), "\(table.locale) \(name)")
            }
        }
        mismatches.report()
    }
}
