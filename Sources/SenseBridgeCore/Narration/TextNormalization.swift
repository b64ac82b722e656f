import Foundation

/// Unicode normalization and folding for the validator and the grounding rule, with
/// fast paths for the text phrases are made of.
///
/// Foundation's normalization on Linux goes through CoreFoundation and bridges the
/// result back, at several times the cost of everything else the validator does to a
/// short phrase, and every phrase of every moment is normalized several times. Each fast path answers only where its answer is provably
/// Foundation's, and everything else takes Foundation's path unchanged:
/// - ASCII is its own NFC, NFD and NFKC;
/// - a string of ASCII and of precomposed Latin letters that are their own NFC (NFKC)
///   is its own NFC (NFKC): such a letter is a starter that nothing before it composes
///   with, so the Unicode quick check says yes;
/// - the canonical decomposition of a string of ASCII, those letters and the combining
///   diacritics U+0300–U+036F is the concatenation of each scalar's decomposition up to
///   the order of the diacritics between two letters, which neither folding (it drops
///   them) nor the Vietnamese-letter test (it reads each mark after its letter) sees.
/// The per-letter facts come from Foundation itself, asked once per scalar, so a fast
/// path cannot disagree with the slow one about a letter; `TextNormalizationTests`
/// compares the two over generated text.
enum TextNormalization {
    /// NFKC (`precomposedStringWithCompatibilityMapping`).
    static func nfkc(_ text: String) -> String {
        isStable(text, compatibility: true) ? text : text.precomposedStringWithCompatibilityMapping
    }

    /// NFC (`precomposedStringWithCanonicalMapping`).
    static func nfc(_ text: String) -> String {
        isStable(text, compatibility: false) ? text : text.precomposedStringWithCanonicalMapping
    }

    /// Whether every UTF-8 byte is ASCII.
    static func isASCII(_ text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable({ bytes in bytes.allSatisfy { $0 < 0x80 } }) {
            return answer
        }
        return text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// `text.lowercased()` when `text` is ASCII (`text` itself when it has no capital
    /// letter, so nothing is built); nil otherwise.
    static func lowercasedASCII(_ text: String) -> String? {
        var hasCapital = false
        let isASCII = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes {
                guard byte < 0x80 else { return false }
                if byte &- 0x41 < 26 { hasCapital = true }
            }
            return true
        } ?? text.utf8.allSatisfy { byte in
            if byte &- 0x41 < 26 { hasCapital = true }
            return byte < 0x80
        }
        guard isASCII else { return nil }
        return hasCapital ? text.lowercased() : text
    }

    /// Whether every scalar is ASCII or a covered scalar that is its own NFC alone.
    static func isOwnNFCScalarByScalar(_ text: String) -> Bool {
        if isASCII(text) { return true }
        for scalar in text.unicodeScalars where !scalar.isASCII {
            guard let letter = latin(scalar), letter.isOwnNFC else { return false }
        }
        return true
    }

    /// `PhraseText.folded` for a word of ASCII, covered Latin letters and combining
    /// diacritics; nil when the word holds anything else.
    static func foldedLatin(_ word: String) -> String? {
        var result = ""
        result.reserveCapacity(word.utf8.count)
        for scalar in word.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(asciiLowercase(scalar))
                continue
            }
            guard let letter = latin(scalar), let folded = letter.folded else { return nil }
            result += folded
        }
        return result
    }

    /// The canonical decomposition of `text`, scalar by scalar (diacritics between two
    /// letters possibly in another order than NFD's); nil when `text` holds a scalar
    /// this table does not cover, so the caller takes Foundation's path.
    static func forEachDecomposedLatinScalar(_ text: String, _ body: (Unicode.Scalar) -> Bool) -> Bool? {
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                if body(scalar) { return true }
                continue
            }
            guard let letter = latin(scalar), let decomposition = letter.decomposition else { return nil }
            for part in decomposition where body(part) { return true }
        }
        return false
    }

    /// Whether `haystack`'s UTF-8 contains `needle`'s, byte for byte.
    ///
    /// A match Foundation's or the standard library's `contains` finds is text
    /// canonically equivalent to the needle, on character boundaries. For an ASCII needle
    /// none of whose characters any scalar decomposes to (true of those searched for
    /// here; `TextNormalizationTests` reads every such scalar), that text is the
    /// needle's own bytes. So false here is their false too; true is only a candidate,
    /// and callers then ask the original expression.
    static func bytesContain(_ haystack: String, _ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { pattern in
            if let found = haystack.utf8.withContiguousStorageIfAvailable({ search($0, for: pattern) }) { return found }
            return Array(haystack.utf8).withUnsafeBufferPointer { search($0, for: pattern) }
        }
    }

    private static func search(_ bytes: UnsafeBufferPointer<UInt8>, for pattern: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = pattern.first else { return true }
        guard bytes.count >= pattern.count else { return false }
        var index = 0
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < pattern.count, bytes[index + offset] == pattern[offset] { offset += 1 }
                if offset == pattern.count { return true }
            }
            index += 1
        }
        return false
    }

    static func asciiLowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) + 0x20) : scalar
    }

    // MARK: The per-letter table

    /// What Foundation says of one scalar alone, asked once.
    struct Letter: Sendable {
        /// The scalar is its own NFC and a starter.
        let isNFC: Bool
        /// The scalar is its own NFKC and a starter.
        let isNFKC: Bool
        /// The scalar alone is its own NFC (starter or not): no singleton decomposition.
        let isOwnNFC: Bool
        /// Its canonical decomposition, when that is a starter followed only by
        /// combining diacritics (or diacritics alone); nil otherwise.
        let decomposition: [Unicode.Scalar]?
        /// `PhraseText.slowFolded` of the scalar alone, when `decomposition` is known.
        let folded: String?
    }

    /// Scalar ranges the table covers: Latin-1 Supplement through Latin Extended-B, the
    /// combining diacritics, and Latin Extended Additional (Vietnamese).
    static let coveredRanges: [ClosedRange<UInt32>] = [0x80...0x24F, 0x300...0x36F, 0x1E00...0x1EFF]

    static func latin(_ scalar: Unicode.Scalar) -> Letter? {
        let value = scalar.value
        guard value >= 0x80 else { return nil }
        if value < 0x370 { return value < 0x250 || value >= 0x300 ? lowTable[Int(value) - 0x80] : nil }
        if (0x1E00...0x1EFF).contains(value) { return highTable[Int(value) - 0x1E00] }
        return nil
    }

    /// U+0080–U+036F (U+0250–U+02FF, outside the covered ranges, are never read). About
    /// a thousand scalars, three questions to Foundation each: a few milliseconds, once.
    private static let lowTable: [Letter] = (0x80...0x36F).map { letter(for: $0) }
    private static let highTable: [Letter] = (0x1E00...0x1EFF).map { letter(for: $0) }

    private static func letter(for value: UInt32) -> Letter {
        guard let scalar = Unicode.Scalar(value) else {
            return Letter(isNFC: false, isNFKC: false, isOwnNFC: false, decomposition: nil, folded: nil)
        }
        let alone = String(scalar)
        let starter = scalar.properties.canonicalCombiningClass == .notReordered && !isDiacritic(scalar)
        let isOwnNFC = alone.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(alone.unicodeScalars)
        let isNFC = starter && isOwnNFC
        let isNFKC = isNFC && alone.precomposedStringWithCompatibilityMapping.unicodeScalars.elementsEqual(alone.unicodeScalars)
        let parts = Array(alone.decomposedStringWithCanonicalMapping.unicodeScalars)
        let simple = parts.enumerated().allSatisfy { offset, part in
            isDiacritic(part) || (offset == 0 && part.properties.canonicalCombiningClass == .notReordered)
        }
        return Letter(isNFC: isNFC, isNFKC: isNFKC, isOwnNFC: isOwnNFC, decomposition: simple ? parts : nil,
                      folded: simple ? PhraseText.slowFolded(alone) : nil)
    }

    static func isDiacritic(_ scalar: Unicode.Scalar) -> Bool { (0x300...0x36F).contains(scalar.value) }

    private static func isStable(_ text: String, compatibility: Bool) -> Bool {
        if isASCII(text) { return true }
        for scalar in text.unicodeScalars where !scalar.isASCII {
            guard let letter = latin(scalar), compatibility ? letter.isNFKC : letter.isNFC else { return false }
        }
        return true
    }
}
