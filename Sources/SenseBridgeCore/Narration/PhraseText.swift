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
        let nfkc = raw.precomposedStringWithCompatibilityMapping
        var problems = Set<PhraseRejectionReason>()
        var text = ""
        var pendingSpace = false
        for scalar in nfkc.unicodeScalars {
            if scalar == " " || scalar.properties.generalCategory == .spaceSeparator {
                pendingSpace = !text.isEmpty
                continue
            }
            if let problem = PhraseText.problem(with: scalar) { problems.insert(problem) }
            if pendingSpace { text.unicodeScalars.append(" ") }
            pendingSpace = false
            text.unicodeScalars.append(scalar)
        }
        let lower = text.lowercased()
        if lower.contains("://") || lower.contains("www.") || lower.contains("@") { problems.insert(.markup) }
        normalized = text
        characterProblem = PhraseText.priority.first(where: problems.contains)
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
        normalized.precomposedStringWithCanonicalMapping.lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" })
            .map(String.init)
    }

    /// Diacritics removed and đ read as d: "está" → "esta", "nguy hiểm" → "nguy hiem".
    static func folded(_ word: String) -> String {
        if word.unicodeScalars.allSatisfy(\.isASCII) { return word.lowercased() }
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
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x111, 0x110, 0x300, 0x302, 0x306, 0x309, 0x31B, 0x323:
                return true
            case 0x303 where previous != "n" && previous != "N":
                return true
            default:
                break
            }
            if !(0x300...0x36F).contains(scalar.value) { previous = scalar }
        }
        return false
    }

    /// Letters that only Spanish of the three uses.
    static func hasSpanishOnlyLetters(_ text: String) -> Bool {
        text.contains("ñ") || text.contains("Ñ")
    }
}
