import Foundation

/// Character-level view of a candidate phrase, after NFKC normalization.
///
/// NFKC first, so fullwidth digits ("２"), compatibility letters ("ｄａｎｇｅｒ"),
/// circled numbers and odd spaces become what a speech engine would read them as.
/// Homoglyphs from other scripts (Cyrillic "а") are not folded; they fail the Latin
/// script check instead.
struct PhraseText {
    /// NFKC, whitespace runs collapsed to one space, trimmed.
    let normalized: String
    /// The worst character problem found, if any.
    let characterProblem: PhraseRejectionReason?

    init(_ raw: String) {
        let nfkc = TextNormalization.nfkc(raw)
        // Bit `i` set: `priority[i]` was found.
        var problems: UInt8 = 0
        // Whether collapsing the whitespace changes anything; usually it does not, and
        // then the text is `nfkc` itself, with nothing rebuilt.
        var unchanged = true
        var previousIsSpace = true
        for scalar in nfkc.unicodeScalars {
            let kind = PhraseText.kind(of: scalar)
            if kind == PhraseText.spaceKind {
                if scalar != " " || previousIsSpace { unchanged = false }
                previousIsSpace = true
                continue
            }
            previousIsSpace = false
            if kind != PhraseText.allowedKind { problems |= 1 << (kind - PhraseText.firstProblemKind) }
        }
        if previousIsSpace && !nfkc.isEmpty { unchanged = false }
        let text = unchanged ? nfkc : PhraseText.collapsingSpaces(nfkc)
        let markup = PhraseText.markupBit
        // With markup already found the search could add nothing; "@" is markup by
        // itself, so a match needs a colon or a full stop, which no other scalar
        // lowercases to. Only a byte match can be a match of `contains`
        // (`TextNormalization.bytesContain`), so `contains` decides only then.
        if problems & markup == 0,
           TextNormalization.bytesContain(text, ":") || TextNormalization.bytesContain(text, ".") {
            let lower = text.lowercased()
            let candidate = TextNormalization.bytesContain(lower, "://") || TextNormalization.bytesContain(lower, "www.")
                || TextNormalization.bytesContain(lower, "@")
            if candidate, lower.contains("://") || lower.contains("www.") || lower.contains("@") { problems |= markup }
        }
        normalized = text
        characterProblem = problems == 0 ? nil : PhraseText.priority[problems.trailingZeroBitCount]
    }

    private static let markupBit: UInt8 = 1 << priority.firstIndex(of: .markup)!

    /// Whitespace runs collapsed to one space, trimmed.
    private static func collapsingSpaces(_ nfkc: String) -> String {
        var text = ""
        var pendingSpace = false
        for scalar in nfkc.unicodeScalars {
            if isSpace(scalar) {
                pendingSpace = !text.isEmpty
                continue
            }
            if pendingSpace { text.unicodeScalars.append(" ") }
            pendingSpace = false
            text.unicodeScalars.append(scalar)
        }
        return text
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar.properties.generalCategory == .spaceSeparator
    }

    /// A scalar's kind: allowed, a space, or `firstProblemKind` plus the index in
    /// `priority` of its problem.
    static let allowedKind: UInt8 = 0
    static let spaceKind: UInt8 = 1
    static let firstProblemKind: UInt8 = 2

    static func kind(of scalar: Unicode.Scalar) -> UInt8 {
        scalar.value < kinds.count ? kinds[Int(scalar.value)] : computeKind(scalar)
    }

    /// Kinds of the scalars below U+3100 (Latin, punctuation, spaces, CJK punctuation),
    /// computed once by the same rules as any other scalar's.
    private static let kinds: [UInt8] = (0..<0x3100).map { computeKind(Unicode.Scalar($0) ?? "\u{FFFD}") }

    private static func computeKind(_ scalar: Unicode.Scalar) -> UInt8 {
        if isSpace(scalar) { return spaceKind }
        guard let problem = problem(with: scalar) else { return allowedKind }
        return firstProblemKind + UInt8(priority.firstIndex(of: problem)!)
    }

    /// When a phrase has several character problems, the one reported.
    static let priority: [PhraseRejectionReason] = [.controlCharacter, .number, .markup, .quotation, .sentence, .wrongLanguage]

    static let quotationMarks: Set<Unicode.Scalar> = ["\"", "'", "\u{2018}", "\u{2019}", "\u{201A}", "\u{201B}",
                                                     "\u{201C}", "\u{201D}", "\u{201E}", "\u{201F}", "«", "»",
                                                     "\u{2039}", "\u{203A}", "\u{300C}", "\u{300D}", "\u{300E}", "\u{300F}"]
    static let sentencePunctuation: Set<Unicode.Scalar> = [".", "!", "?", "¡", "¿", "…", ";", ":",
                                                          "\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "\u{3002}"]

    /// What is wrong with one scalar, or nil when a subject phrase may contain it:
    /// Latin letters, combining diacritics, comma and hyphen.
    static func problem(with scalar: Unicode.Scalar) -> PhraseRejectionReason? {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return .controlCharacter
        default:
            break
        }
        if properties.numericType != nil { return .number }
        if scalar == "," || scalar == "-" { return nil }
        if quotationMarks.contains(scalar) { return .quotation }
        if sentencePunctuation.contains(scalar) { return .sentence }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return (0x300...0x36F).contains(scalar.value) ? nil : .markup
        default:
            break
        }
        if properties.isAlphabetic {
            return isLatinLetter(scalar) ? nil : .wrongLanguage
        }
        return .markup
    }

    /// Latin script blocks that English, Spanish and Vietnamese are written in.
    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A: return true
        case 0xC0...0xFF: return scalar.value != 0xD7 && scalar.value != 0xF7
        case 0x100...0x24F, 0x1E00...0x1EFF: return true
        default: return false
        }
    }

    /// Words: split on spaces, commas and hyphens; lowercased, NFC.
    static func words(_ normalized: String) -> [String] {
        split(TextNormalization.nfc(normalized).lowercased())
    }

    private static func split(_ lower: String) -> [String] {
        // Each ASCII character is its own grapheme ("\r\n" aside, which is no
        // separator either way), so splitting bytes splits the same characters.
        if TextNormalization.isASCII(lower), let words = lower.utf8.withContiguousStorageIfAvailable({ bytes in
            var words: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x20 || bytes[index] == 0x2C
                || bytes[index] == 0x2D {
                if index > start { words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) }
                start = index + 1
            }
            return words
        }) {
            return words
        }
        if let words = splitLatin(lower) { return words }
        return lower.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
    }

    /// The same split by scalars, for text of ASCII and covered Latin scalars
    /// (`TextNormalization.latin`); nil for any other text. There every scalar begins a
    /// character except a diacritic (U+0300–U+036F) and the LF of a CR LF, so a space,
    /// comma or hyphen is a separator character unless a diacritic follows it.
    private static func splitLatin(_ lower: String) -> [String]? {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        // A space, comma or hyphen seen, undecided until the next scalar.
        var pending: Unicode.Scalar?
        for scalar in lower.unicodeScalars {
            guard scalar.isASCII || TextNormalization.latin(scalar) != nil else { return nil }
            if let separator = pending {
                pending = nil
                if TextNormalization.isDiacritic(scalar) {
                    // One character with the mark: part of a word, not a separator.
                    word.append(separator)
                    word.append(scalar)
                    continue
                }
                if !word.isEmpty { words.append(String(word)) }
                word = String.UnicodeScalarView()
            }
            if scalar == " " || scalar == "," || scalar == "-" {
                pending = scalar
            } else {
                word.append(scalar)
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }

    /// Diacritics removed and đ read as d: "está" → "esta", "nguy hiểm" → "nguy hiem".
    static func folded(_ word: String) -> String {
        TextNormalization.lowercasedASCII(word) ?? TextNormalization.foldedLatin(word) ?? slowFolded(word)
    }

    /// `folded` through Foundation's decomposition, for any text.
    static func slowFolded(_ word: String) -> String {
        var result = ""
        for scalar in word.decomposedStringWithCanonicalMapping.unicodeScalars {
            if (0x300...0x36F).contains(scalar.value) { continue }
            switch scalar {
            case "đ": result.unicodeScalars.append("d")
            case "Đ": result.unicodeScalars.append("D")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result.lowercased()
    }

    /// Marks Vietnamese uses and Spanish and English do not: grave, hook above, dot
    /// below, breve, circumflex, horn, a tilde on a vowel, and đ. An acute accent or ñ
    /// alone says nothing about which of the three languages a word is.
    static func hasVietnameseLetters(_ text: String) -> Bool {
        var previous: Unicode.Scalar = " "
        func isVietnamese(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x111, 0x110, 0x300, 0x302, 0x306, 0x309, 0x31B, 0x323:
                return true
            case 0x303 where previous != "n" && previous != "N":
                return true
            default:
                break
            }
            if !(0x300...0x36F).contains(scalar.value) { previous = scalar }
            return false
        }
        // Each mark is read after the letter it follows, which is the same letter
        // whatever order NFD puts the marks of one letter in.
        if let answer = TextNormalization.forEachDecomposedLatinScalar(text, isVietnamese) { return answer }
        previous = " "
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars where isVietnamese(scalar) {
            return true
        }
        return false
    }

    /// Letters that only Spanish of the three uses.
    static func hasSpanishOnlyLetters(_ text: String) -> Bool {
        // Either letter is U+00F1 or U+00D1, or an n with U+0303 after it. Foundation's
        // `contains` also finds "ñ" in an n before a singleton decomposition ("n\u{2000}"),
        // so text with a scalar NFC would change is left to it.
        if !TextNormalization.bytesContain(text, "ñ"), !TextNormalization.bytesContain(text, "Ñ"),
           !TextNormalization.bytesContain(text, "\u{303}"), TextNormalization.isOwnNFCScalarByScalar(text) {
            return false
        }
        return text.contains("ñ") || text.contains("Ñ")
    }
}
