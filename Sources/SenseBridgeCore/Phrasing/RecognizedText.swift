import Foundation

/// Recognized text as the host speaks it inside a text hedge.
///
/// The awareness channel reads a sign, not a page: text longer than
/// `maximumSpokenCharacters` is cut at a word and marked as continuing, so a poster
/// cannot hold the channel while an obstacle alert waits. Whole documents go through
/// the reading cursor, one sentence at a time, instead.
public enum RecognizedText {
    /// 300 characters is about 50 words, roughly 20 seconds of speech at a typical
    /// screen-reader rate: enough for any sign or label, short enough to interrupt.
    public static let maximumSpokenCharacters = 300

    /// When cutting, back off to a word boundary only within this many characters, so
    /// one enormous "word" (a URL, a serial number) still gets cut.
    static let wordBoundarySearch = 60

    /// The text with control, format and line-break characters turned into single
    /// spaces, trimmed, and capped. Empty when nothing speakable is left.
    public static func spoken(_ raw: String, locale: SpokenLocale) -> String {
        let cleaned = clean(raw)
        guard cleaned.count > maximumSpokenCharacters else { return cleaned }
        var cut = String(cleaned.prefix(maximumSpokenCharacters))
        if let space = cut.lastIndex(of: " "),
           cut.distance(from: space, to: cut.endIndex) <= wordBoundarySearch {
            cut = String(cut[..<space])
        }
        return SpokenTable.reading(locale) { $0.textContinues }.filled(["text": cut])
    }

    /// Whitespace runs and invisible characters collapse to one space. Zero-width and
    /// other format characters are removed: speech engines handle them unpredictably.
    static func clean(_ raw: String) -> String {
        if isCleanASCII(raw) { return raw }
        var result = ""
        var pendingSpace = false
        for scalar in TextNormalization.nfc(raw).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format:
                continue
            case .control, .lineSeparator, .paragraphSeparator, .spaceSeparator:
                pendingSpace = !result.isEmpty
            default:
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// ASCII with no control character and no space at either end or beside another:
    /// its own NFC with nothing to collapse, so `clean` returns it as it is. ASCII has no
    /// format or line-separator characters; its only space separator is U+0020.
    private static func isCleanASCII(_ raw: String) -> Bool {
        raw.utf8.withContiguousStorageIfAvailable { bytes in
            var previousIsSpace = true
            for byte in bytes {
                guard byte >= 0x20, byte < 0x7F else { return false }
                if byte == 0x20, previousIsSpace { return false }
                previousIsSpace = byte == 0x20
            }
            return !previousIsSpace || bytes.isEmpty
        } ?? false
    }
}
