/// Why `JSONParser` refused a text, and where.
///
/// The description keeps the wording of Foundation's JSONSerialization ("Invalid value
/// around character 12.") because manifests quoted that detail before this parser
/// existed: someone who searched for the message, or a script that matched it, still
/// finds it. Offsets count bytes from the start of the JSON text, after a byte order mark.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// The text ended inside a value (or was empty).
        case unexpectedEnd
        /// A byte that cannot start or continue what was being read.
        case unexpectedCharacter
        /// A comma right before `]` or `}`: RFC 8259 has none, though Foundation's
        /// parsers accept them.
        case trailingComma
        /// More than `JSONParser.maximumDepth` arrays and objects inside one another.
        case tooDeep
        /// `01`, `-00`: a leading zero followed by more digits.
        case leadingZero
        /// A backslash followed by anything but `" \ / b f n r t u`.
        case invalidEscape
        /// `\u` not followed by four hex digits; carries the four bytes read.
        case invalidHexEscape(String)
        /// U+0000…U+001F inside a string: JSON requires them escaped.
        case controlCharacter
        /// A string whose bytes are not UTF-8; carries how many bytes it holds.
        case invalidUTF8(byteCount: Int)
        /// Only when unrepresentable values are refused: a high surrogate escape with no
        /// low one after it, or a low one with none before.
        case unpairedHighSurrogate
        case unpairedLowSurrogate
        /// Only when unrepresentable values are refused: a number beyond Double's range.
        case unrepresentableNumber(String)
        /// Only when fragments are refused: the top level is not an array or an object.
        case fragment
    }

    public var kind: Kind
    /// Byte offset of the fault; nil for faults of the whole text.
    public var offset: Int?

    public init(_ kind: Kind, at offset: Int? = nil) {
        self.kind = kind
        self.offset = offset
    }

    /// How a reader of a file says its text is not JSON, with where: "is not valid JSON
    /// (Invalid value around character 9.)". One wording for records files, recordings,
    /// profiles, settings and manifests, so a syntax error (a NaN, a file cut short) is
    /// never reported as something else, such as "is not a JSON object".
    public var reason: String { "is not valid JSON (\(description))" }

    public var description: String {
        let at = offset ?? 0
        switch kind {
        case .unexpectedEnd: return "Unexpected end of file during JSON parse."
        case .unexpectedCharacter: return "Invalid value around character \(at)."
        case .trailingComma: return "Trailing comma around character \(at)."
        // Foundation counts the bracket that went one level too deep from 1.
        case .tooDeep: return "Too many nested arrays or dictionaries around character \(at + 1)."
        case .leadingZero: return "Number with leading zero around character \(at)."
        case .invalidEscape: return "Invalid escape sequence around character \(at)."
        case .invalidHexEscape(let digits): return "Invalid hex encoded sequence in \"\(digits)\" at \(at)."
        case .controlCharacter: return "Unescaped control character around character \(at)."
        case .invalidUTF8(let count): return "Invalid UTF-8 sequence \(count) bytes starting from character \(at)."
        case .unpairedHighSurrogate:
            return "Unexpected end of file during string parse (expected low-surrogate code point but did not find one)."
        case .unpairedLowSurrogate: return "Unable to convert hex escape sequence (no high character) to UTF8-encoded character."
        case .unrepresentableNumber(let text): return "Number \(text) is not representable in Swift."
        case .fragment: return "JSON text did not start with array or object and option to allow fragments not set."
        }
    }
}
