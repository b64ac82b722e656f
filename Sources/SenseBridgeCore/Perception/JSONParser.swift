import Foundation

/// The project's own JSON parser: RFC 8259, straight from UTF-8 bytes to `JSONValue`.
///
/// Why not Foundation: records files and recordings are read a line at a time, and a
/// `JSONDecoder` per line, `JSONValue`'s Decodable guesses (each failed one builds a
/// `DecodingError`) and the `JSONSerialization` bridge cost ~45 µs a record. Reading the
/// bytes once, by recursive descent, costs a small fraction of that.
///
/// Strict where Foundation is lenient: no trailing commas, no comments, no NaN or
/// Infinity, no leading zeros, control characters in strings and bad escapes are
/// errors, and the bytes must be UTF-8 (a UTF-8 byte order mark is skipped, as RFC 8259
/// allows). Nesting stops at `maximumDepth`, so hostile input fails instead of
/// overflowing the stack. Numbers are converted by the C library's correctly rounded
/// `strtod` (through `Double(String)`), never by accumulating digits.
public enum JSONParser {
    /// Containers inside one another; the 129th is refused. It bounds the recursion.
    /// It was 512, as Foundation's parsers allow, until `make sanitize` overflowed a
    /// test thread's stack at 513 levels in an AddressSanitizer build (512 levels took
    /// under 384 KiB even in a release build: little margin on a 512 KiB worker thread,
    /// where a hostile network reply is read). Nothing SenseBridge reads nests deeper
    /// than six levels, so 128 costs no real input anything.
    public static let maximumDepth = 128

    public struct Options: Sendable, Equatable {
        public enum DuplicateKeys: Sendable, Equatable {
            case firstWins, lastWins
        }
        public var duplicateKeys: DuplicateKeys
        /// Whether the top level may be a string, number, boolean or null.
        public var allowsFragments: Bool
        /// true: a number beyond Double's range, a non-zero number that rounds to zero,
        /// or a string with an unpaired surrogate escape reads as `.unrepresentable` (an
        /// object with such a key becomes `.unrepresentable` whole). false: overflow and
        /// unpaired surrogates are errors, and a number too small for Double reads as 0.
        public var keepsUnrepresentable: Bool
        /// Whether a comma may come before a closing bracket (`[1, 2,]`), as
        /// JSONSerialization let it. Off in every preset: only a reader that must answer
        /// exactly as JSONSerialization did turns it on.
        public var allowsTrailingCommas: Bool

        public init(duplicateKeys: DuplicateKeys, allowsFragments: Bool, keepsUnrepresentable: Bool,
                    allowsTrailingCommas: Bool = false) {
            self.duplicateKeys = duplicateKeys
            self.allowsFragments = allowsFragments
            self.keepsUnrepresentable = keepsUnrepresentable
            self.allowsTrailingCommas = allowsTrailingCommas
        }

        /// `JSONValue.parse`, records files and recordings: exactly what decoding
        /// `JSONValue` with `JSONDecoder` gave (first duplicate key wins, fragments and
        /// unrepresentable values kept), so a bad line is reported with the same reason.
        public static let standard = Options(duplicateKeys: .firstWins, allowsFragments: true, keepsUnrepresentable: true)
        /// Manifests, profiles, settings and `--config`: exactly what
        /// `JSONSerialization.jsonObject(with:)` accepted (last duplicate key wins, the top
        /// level is an array or an object, unrepresentable values are errors), so each of
        /// those files reads as before and its errors keep their wording. One difference,
        /// on purpose: UTF-16 and UTF-32 text, which JSONSerialization guessed from zero
        /// bytes, is refused like any other byte that is not UTF-8.
        public static let serializationCompatible = Options(duplicateKeys: .lastWins, allowsFragments: false, keepsUnrepresentable: false)
    }

    public static func parse(_ data: Data, options: Options = .standard) throws(JSONParseError) -> JSONValue {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in try parse(raw, options: options) }
        }
        return try result.get()
    }

    /// `bytes` is only read during the call.
    public static func parse(_ bytes: UnsafeRawBufferPointer, options: Options = .standard) throws(JSONParseError) -> JSONValue {
        var reader = JSONReader(bytes, options: options)
        return try reader.document()
    }
}

/// One parse: a cursor over borrowed bytes. Offsets in errors are relative to `origin`,
/// the first byte after a byte order mark, as Foundation counted them.
struct JSONReader {
    let bytes: UnsafeRawBufferPointer
    let options: JSONParser.Options
    var index = 0
    var origin = 0
    var depth = 0
    /// Refusing mode only: the first number seen beyond Double's range. It is reported
    /// after the syntax is known good, as JSONSerialization did, and only if a value
    /// kept in the result is one (a duplicate key can replace it).
    var overflowingNumber: String?

    init(_ bytes: UnsafeRawBufferPointer, options: JSONParser.Options) {
        self.bytes = bytes
        self.options = options
    }

    func error(_ kind: JSONParseError.Kind, _ at: Int) -> JSONParseError {
        JSONParseError(kind, at: at - origin)
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            origin = 3
        }
        skipWhitespace()
        let isContainer = index < bytes.count && (bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{"))
        let value = try self.value()
        skipWhitespace()
        if index < bytes.count { throw error(.unexpectedCharacter, index) }
        if !options.allowsFragments, !isContainer { throw JSONParseError(.fragment) }
        if let overflowingNumber, value.containsUnrepresentable {
            throw JSONParseError(.unrepresentableNumber(overflowingNumber))
        }
        return value
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func value() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "\""): return try string().map(JSONValue.string) ?? .unrepresentable
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error(.unexpectedCharacter, index)
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        for offset in 0..<count {
            guard index + offset < bytes.count else { throw JSONParseError(.unexpectedEnd) }
            guard bytes[index + offset] == word.utf8Start[offset] else { throw error(.unexpectedCharacter, index + offset) }
        }
        index += count
    }

    /// Called on the opening bracket of a container; counts it against the limit.
    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw error(.tooDeep, index) }
        index += 1
        skipWhitespace()
    }

    /// After a member or an element: true for a comma (and the next one follows), false
    /// for the closing byte.
    mutating func separator(closing: UInt8) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd) }
        let byte = bytes[index]
        if byte == closing {
            index += 1
            depth -= 1
            return false
        }
        guard byte == UInt8(ascii: ",") else { throw error(.unexpectedCharacter, index) }
        let comma = index
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == closing {
            guard options.allowsTrailingCommas else { throw error(.trailingComma, comma) }
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array([])
        }
        var elements: [JSONValue] = []
        repeat {
            elements.append(try value())
        } while try separator(closing: UInt8(ascii: "]"))
        return .array(elements)
    }

    mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object([:])
        }
        // Records and depth frames have at most six keys: one allocation, no regrowth.
        var members = [String: JSONValue](minimumCapacity: 8)
        var keyIsUnrepresentable = false
        repeat {
            guard index < bytes.count else { throw JSONParseError(.unexpectedEnd) }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error(.unexpectedCharacter, index) }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count else { throw JSONParseError(.unexpectedEnd) }
            guard bytes[index] == UInt8(ascii: ":") else { throw error(.unexpectedCharacter, index) }
            index += 1
            skipWhitespace()
            let member = try value()
            guard let key else {
                // JSONDecoder could not decode the key, so not the object holding it.
                keyIsUnrepresentable = true
                continue
            }
            switch options.duplicateKeys {
            case .lastWins: members[key] = member
            case .firstWins: if members.index(forKey: key) == nil { members[key] = member }
            }
        } while try separator(closing: UInt8(ascii: "}"))
        return keyIsUnrepresentable ? .unrepresentable : .object(members)
    }
}

extension JSONValue {
    /// Whether an `.unrepresentable` is anywhere inside; only walked when a parse in
    /// refusing mode met an overflowing number.
    var containsUnrepresentable: Bool {
        switch self {
        case .unrepresentable: return true
        case .array(let values): return values.contains { $0.containsUnrepresentable }
        case .object(let members): return members.values.contains { $0.containsUnrepresentable }
        default: return false
        }
    }
}
