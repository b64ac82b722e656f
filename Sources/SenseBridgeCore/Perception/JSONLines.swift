import Foundation

/// The line rules records files and recordings share, applied to bytes.
///
/// They were first written over `String`: split on "\n", drop one "\r", validate UTF-8,
/// `trimmingCharacters(in: .whitespaces)`, skip blank lines and `#` comments. Converting
/// and trimming every line through Foundation cost as much as parsing it, so the same
/// rules are kept here byte for byte, with the String path only where Unicode decides
/// (a `#` followed by a combining mark is not a comment, as `hasPrefix` said).
enum JSONLines {
    enum Content {
        /// Blank or a comment.
        case skip
        case invalidUTF8
        /// The trimmed JSON text, borrowed from the line.
        case json(UnsafeRawBufferPointer)
    }

    /// Calls `body` with each line (without its "\n") and its 1-based number. Like
    /// `split(separator: 0x0A, omittingEmptySubsequences: false)`, the text after the
    /// last "\n" is a line too, even when empty.
    static func forEachLine<E: Error>(in text: UnsafeRawBufferPointer,
                                      _ body: (UnsafeRawBufferPointer, Int) throws(E) -> Void) throws(E) {
        var start = 0
        var number = 0
        while true {
            number += 1
            let end = newline(in: text, from: start) ?? text.count
            try body(UnsafeRawBufferPointer(rebasing: text[start..<end]), number)
            guard end < text.count else { return }
            start = end + 1
        }
    }

    /// The offset of the next "\n" at or after `start`.
    static func newline(in text: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < text.count, let base = text.baseAddress else { return nil }
        guard let found = memchr(base + start, 0x0A, text.count - start) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// What one line holds. `dropsByteOrderMark`: a records file's first line may start
    /// with a UTF-8 byte order mark, removed before anything else looks at the line.
    static func content(of line: UnsafeRawBufferPointer, dropsByteOrderMark: Bool = false) -> Content {
        var lower = 0
        var upper = line.count
        if upper > 0, line[upper - 1] == 0x0D { upper -= 1 }
        if dropsByteOrderMark, upper >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { lower = 3 }
        let kept = UnsafeRawBufferPointer(rebasing: line[lower..<upper])
        guard UTF8Check.isValid(kept) else { return .invalidUTF8 }
        let text = trimmed(kept)
        if text.isEmpty || isComment(text) { return .skip }
        return .json(text)
    }

    /// Without the scalars `CharacterSet.whitespaces` holds on this platform (tab, space
    /// and the Unicode space separators, U+200B included) at either end. `text` is valid UTF-8.
    static func trimmed(_ text: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var lower = 0
        var upper = text.count
        while lower < upper {
            let byte = text[lower]
            if byte == 0x20 || byte == 0x09 {
                lower += 1
            } else if byte >= 0xC2, let length = spaceLength(text, at: lower), lower + length <= upper {
                lower += length
            } else {
                break
            }
        }
        while lower < upper {
            let byte = text[upper - 1]
            if byte == 0x20 || byte == 0x09 {
                upper -= 1
            } else if byte >= 0x80, upper - lower >= 2, text[upper - 2] == 0xC2, spaceLength(text, at: upper - 2) == 2 {
                upper -= 2
            } else if byte >= 0x80, upper - lower >= 3, spaceLength(text, at: upper - 3) == 3 {
                upper -= 3
            } else {
                break
            }
        }
        return UnsafeRawBufferPointer(rebasing: text[lower..<upper])
    }

    /// The length of the non-ASCII space separator starting at `offset`, if one does:
    /// U+00A0, U+1680, U+2000…U+200B, U+202F, U+205F, U+3000.
    static func spaceLength(_ text: UnsafeRawBufferPointer, at offset: Int) -> Int? {
        let count = text.count - offset
        guard count >= 2 else { return nil }
        let first = text[offset], second = text[offset + 1]
        if first == 0xC2 { return second == 0xA0 ? 2 : nil }
        guard count >= 3 else { return nil }
        let third = text[offset + 2]
        switch (first, second) {
        case (0xE1, 0x9A): return third == 0x80 ? 3 : nil
        case (0xE2, 0x80): return (0x80...0x8B).contains(third) || third == 0xAF ? 3 : nil
        case (0xE2, 0x81): return third == 0x9F ? 3 : nil
        case (0xE3, 0x80): return third == 0x80 ? 3 : nil
        default: return nil
        }
    }

    /// `String.hasPrefix("#")` compares characters: "#" followed by a combining mark is
    /// another character. An ASCII byte after "#" always starts a new one.
    static func isComment(_ text: UnsafeRawBufferPointer) -> Bool {
        guard text.first == UInt8(ascii: "#") else { return false }
        guard text.count > 1, text[1] >= 0x80 else { return true }
        return String(decoding: text, as: UTF8.self).hasPrefix("#")
    }
}
