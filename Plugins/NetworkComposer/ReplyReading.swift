import Foundation
import SenseBridgePluginKit

/// Finds the candidate phrase in a model's message content, the way small models really
/// write it: the JSON object alone, inside a code fence (with or without a line before
/// it), or followed by chatter; in text mode also a bare phrase.
///
/// Nothing here decides what may be said. It only picks out the one string the model
/// offered as its phrase, whole; the host's validator and grounding rule judge that
/// string as every composer's. Prose around the JSON is dropped, never searched for a
/// better phrase, and a bare sentence in a JSON mode is `format-ignored`, not a phrase.
enum ReplyReading {
    static func phrase(inContent content: String, format: ResponseFormat) throws -> String {
        let trimmed = content.trimmingCharacters(in: .whitespacesAndNewlines)
        let body = fencedBlock(in: trimmed) ?? trimmed
        if body.hasPrefix("{") {
            guard let object = leadingJSONObject(in: body) else {
                throw failure("malformed-reply", "the content starts like JSON but is not a complete JSON object")
            }
            guard let phrase = object["phrase"] as? String else {
                throw failure("malformed-reply", "the JSON content has no text 'phrase'")
            }
            return phrase
        }
        guard !format.wantsJSON else {
            throw failure("format-ignored", "structured output (\(format.rawValue)) was requested and the reply is not JSON")
        }
        return bare(body)
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
    /// Braces inside strings are skipped; escapes are honoured.
    static func leadingJSONObject(in text: String) -> [String: Any]? {
        var depth = 0
        var inString = false
        var escaped = false
        let bytes = Array(text.utf8)
        for (offset, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 {
                    let data = Data(bytes[...offset])
                    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
                }
            default: break
            }
        }
        return nil
    }

    /// A bare phrase as small models end it: one pair of surrounding quotes and a final
    /// full stop are not part of it. Anything else — a second line, a sentence — stays,
    /// for the validator to refuse.
    static func bare(_ text: String) -> String {
        var phrase = text
        for (open, close) in [("\"", "\""), ("\u{201C}", "\u{201D}"), ("'", "'")]
        where phrase.count >= 2 && phrase.hasPrefix(open) && phrase.hasSuffix(close) {
            phrase = String(phrase.dropFirst().dropLast())
            break
        }
        if phrase.hasSuffix("."), !phrase.hasSuffix("..") { phrase.removeLast() }
        phrase = phrase.trimmingCharacters(in: .whitespacesAndNewlines)
        // "A chair and a table." is a sentence's capital: the subject sits inside the
        // host's hedge, so "A" becomes "a" — but "TV" keeps its capitals.
        let firstWord = phrase.prefix { !$0.isWhitespace }
        if firstWord.count > 0, firstWord.dropFirst().allSatisfy({ !$0.isUppercase }) {
            phrase = firstWord.prefix(1).lowercased() + phrase.dropFirst()
        }
        return phrase
    }

    static func failure(_ reason: String, _ why: String) -> PluginError {
        PluginError(.network, reason: reason, "The provider's reply could not be used (\(why)); nothing from it was used.")
    }
}
