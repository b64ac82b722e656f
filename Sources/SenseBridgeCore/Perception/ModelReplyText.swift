import Foundation

/// Finds the candidate phrase in a language model's message content, the way small
/// models really write it: the JSON object alone, inside a code fence (with or without a
/// line before it), or followed by chatter; or a bare phrase.
///
/// Pure and in Core so every network composer reads replies the same way and the rule
/// is tested without a server. It decides nothing about what may be said: it picks out
/// the one string the model offered as its phrase, whole, and never searches prose for a
/// better one. The validator and the grounding rule judge that string as they judge
/// every composer's, so this parsing cannot loosen them.
public enum ModelReplyText {
    public enum Reading: Equatable, Sendable {
        /// The value of "phrase" in the JSON object the content holds.
        case json(String)
        /// No JSON object: the content as a bare phrase (one pair of surrounding quotes,
        /// a final full stop and a sentence capital dropped).
        case bare(String)
        /// It starts like JSON but is not a complete object with a text "phrase".
        case malformed(String)
    }

    public static func read(_ content: String) -> Reading {
        let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
        let body = fencedBlock(in: trimmed) ?? trimmed
        guard body.hasPrefix("{") else { return .bare(bare(body)) }
        guard let object = leadingJSONObject(in: body) else {
            return .malformed("the content starts like JSON but is not a complete JSON object")
        }
        guard let phrase = object["phrase"] as? String else { return .malformed("the JSON content has no text 'phrase'") }
        return .json(phrase)
    }

    /// The content of the first ``` fence, its info string ("json") dropped; nil when
    /// there is no complete fence.
    static func fencedBlock(in text: String) -> String? {
        guard let open = text.range(of: "```") else { return nil }
        let afterOpen = text[open.upperBound...]
        guard let lineEnd = afterOpen.firstIndex(of: "\n") else { return nil }
        let inside = afterOpen[afterOpen.index(after: lineEnd)...]
        guard let close = inside.range(of: "```") else { return nil }
        return inside[..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The JSON object that starts `text`, ignoring whatever follows its closing brace.
    /// Braces inside strings are skipped; escapes are honoured; nesting is bounded so a
    /// hostile reply cannot make the scan expensive.
    static func leadingJSONObject(in text: String) -> [String: Any]? {
        var depth = 0
        var inString = false
        var escaped = false
        let bytes = Array(text.utf8)
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"):
                depth += 1
                if depth > 32 { return nil }
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    return (try? JSONSerialization.jsonObject(with: Data(bytes[...offset]))) as? [String: Any]
                }
            default: break
            }
        }
        return nil
    }

    /// A bare phrase as small models end it. Anything else — a second line, a sentence in
    /// the middle — stays, for the validator to refuse.
    static func bare(_ text: String) -> String {
        var phrase = text
        for (open, close) in [("\"", "\""), ("\u{201C}", "\u{201D}"), ("'", "'")]
        where phrase.count >= 2 && phrase.hasPrefix(open) && phrase.hasSuffix(close) {
            phrase = String(phrase.dropFirst().dropLast())
            break
        }
        if phrase.hasSuffix("."), !phrase.hasSuffix("..") { phrase.removeLast() }
        phrase = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
        // "A chair and a table." has a sentence's capital, but the subject sits inside the
        // host's hedge: "A" becomes "a", while "TV" keeps its capitals.
        let firstWord = phrase.prefix { !$0.isWhitespace }
        if !firstWord.isEmpty, firstWord.dropFirst().allSatisfy({ !$0.isUppercase }) {
            phrase = firstWord.prefix(1).lowercased() + phrase.dropFirst()
        }
        return phrase
    }
}
