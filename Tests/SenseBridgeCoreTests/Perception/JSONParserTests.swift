import Foundation
import Testing
@testable import SenseBridgeCore

/// RFC 8259 as the parser reads it: valid texts and their values, invalid ones and why.
@Suite("JSONParser")
struct JSONParserTests {
    static func parse(_ text: String, _ options: JSONParser.Options = .standard) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(Data(text.utf8), options: options)
    }

    static func kind(_ text: String, _ options: JSONParser.Options = .standard) -> JSONParseError.Kind? {
        do {
            _ = try parse(text, options)
            return nil
        } catch {
            return error.kind
        }
    }

    static let valid: [(String, JSONValue)] = [
        ("null", .null), ("true", .bool(true)), ("false", .bool(false)),
        ("0", .number(0)), ("-0", .number(-0.0)), ("7", .number(7)), ("-12.5e-1", .number(-1.25)), ("1E+2", .number(100)),
        ("0.1", .number(0.1)), ("1e-7", .number(1e-7)), ("[0e0]", .array([.number(0)])),
        (#""""#, .string("")), (#""a\"\\\/\b\f\n\r\t""#, .string("a\"\\/\u{08}\u{0C}\n\r\t")),
        (#""\u00e9\u0000\uFFFF""#, .string("é\u{0}\u{FFFF}")), (#""\ud83d\ude00""#, .string("😀")), ("\"é😀\u{7F}\"", .string("é😀\u{7F}")),
        ("[]", .array([])), ("{}", .object([:])), (" \t\r\n[ 1 , [ ] , { } ]\n", .array([.number(1), .array([]), .object([:])])),
        (#"{"a":{"b":[null,true]},"c":"d"}"#, .object(["a": .object(["b": .array([.null, .bool(true)])]), "c": .string("d")])),
        ("\u{FEFF}{\"bom\":1}", .object(["bom": .number(1)])),
    ]

    @Test("valid texts give their values", arguments: valid)
    func validText(text: String, value: JSONValue) throws {
        #expect(try Self.parse(text) == value)
    }

    static let invalid: [(String, JSONParseError.Kind, Int?)] = [
        ("", .unexpectedEnd, nil), ("   ", .unexpectedEnd, nil), ("[1,2", .unexpectedEnd, nil), (#"{"a":"#, .unexpectedEnd, nil),
        (#""abc"#, .unexpectedEnd, nil), ("tru", .unexpectedEnd, nil), ("1.", .unexpectedEnd, nil), ("-", .unexpectedEnd, nil),
        ("1e", .unexpectedEnd, nil), ("1e+", .unexpectedEnd, nil),
        ("[1,]", .trailingComma, 2), (#"{"a":1,}"#, .trailingComma, 6), ("[1 , ]", .trailingComma, 3),
        ("[,1]", .unexpectedCharacter, 1), ("[1,,2]", .unexpectedCharacter, 3), ("[1 2]", .unexpectedCharacter, 3),
        ("{1:2}", .unexpectedCharacter, 1), (#"{"a" 1}"#, .unexpectedCharacter, 5), ("[1]]", .unexpectedCharacter, 3), ("{}x", .unexpectedCharacter, 2),
        ("// c\n1", .unexpectedCharacter, 0), ("/* c */ 1", .unexpectedCharacter, 0), ("[1] # c", .unexpectedCharacter, 4),
        ("NaN", .unexpectedCharacter, 0), ("[Infinity]", .unexpectedCharacter, 1), ("-Infinity", .unexpectedCharacter, 1), ("[nan]", .unexpectedCharacter, 2),
        ("True", .unexpectedCharacter, 0), ("nul ", .unexpectedCharacter, 3), ("[truefalse]", .unexpectedCharacter, 5),
        ("01", .leadingZero, 1), ("-01", .leadingZero, 2), ("[00.5]", .leadingZero, 2), ("[-00]", .leadingZero, 3),
        (".5", .unexpectedCharacter, 0), ("+1", .unexpectedCharacter, 0), ("[0.]", .unexpectedCharacter, 3), ("[1.e5]", .unexpectedCharacter, 3),
        ("[1.5E]", .unexpectedCharacter, 5), ("[- 1]", .unexpectedCharacter, 2), ("[0x10]", .unexpectedCharacter, 2), ("[1.2.3]", .unexpectedCharacter, 4),
        (#""\x""#, .invalidEscape, 1), (#"["\'"]"#, .invalidEscape, 2), (#""\U0041""#, .invalidEscape, 1),
        (#""\uZZZZ""#, .invalidHexEscape("ZZZZ"), 3), (#"["\u00"]"#, .invalidHexEscape("00\"]"), 4), (#""\u12"#, .unexpectedEnd, nil),
        ("\"a\tb\"", .controlCharacter, 2), ("\"a\nb\"", .controlCharacter, 2), ("\"\u{0}\"", .controlCharacter, 1), ("[\"\u{1F}\"]", .controlCharacter, 2),
        ("\u{0}", .unexpectedCharacter, 0), ("[1]\u{0}", .unexpectedCharacter, 3), ("[1\u{0C}]", .unexpectedCharacter, 2),
        ("\u{A0}[1]", .unexpectedCharacter, 0), (" \u{FEFF}[1]", .unexpectedCharacter, 1),
    ]

    @Test("invalid texts are refused with the fault and its offset", arguments: invalid)
    func invalidText(text: String, kind: JSONParseError.Kind, offset: Int?) {
        #expect(throws: JSONParseError(kind, at: offset)) { try Self.parse(text) }
    }

    @Test("bytes that are not UTF-8 are refused, in strings and out")
    func invalidUTF8() throws {
        let cases: [[UInt8]] = [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
                                [0x22, 0x5C, 0x6E, 0xF5, 0x80, 0x80, 0x80, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]]
        for bytes in cases {
            #expect(throws: JSONParseError.self) { try JSONParser.parse(Data(bytes)) }
        }
        #expect(throws: JSONParseError(.unexpectedCharacter, at: 2)) { try JSONParser.parse(Data([0x5B, 0x31, 0xFF, 0x5D])) }
        #expect(throws: JSONParseError(.invalidUTF8(byteCount: 1), at: 1)) { try JSONParser.parse(Data([0x22, 0xFF, 0x22])) }
        #expect(try JSONParser.parse(Data([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22])) == .string("😀"))
    }

    @Test("UTF-16 and UTF-32 text is refused in every preset, though JSONSerialization read it")
    func otherUnicodeEncodings() {
        // Found by the json fuzz target: `[` `]` as UTF-16 big-endian, which Foundation
        // read from its zero bytes. RFC 8259 requires UTF-8 of JSON that is exchanged.
        let texts: [[UInt8]] = [[0x00, 0x5B, 0x00, 0x5D], [0x5B, 0x00, 0x5D, 0x00], [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D],
                                [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], [0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D]]
        for bytes in texts {
            #expect((try? JSONSerialization.jsonObject(with: Data(bytes))) != nil)
            for options in [JSONParser.Options.standard, .serializationCompatible] {
                #expect(throws: JSONParseError.self) { try JSONParser.parse(Data(bytes), options: options) }
            }
        }
    }

    @Test("nesting stops at 128 levels, so hostile input cannot overflow the stack")
    func depthLimit() throws {
        func arrays(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        func objects(_ depth: Int) -> String { String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1) }
        #expect(try Self.parse(arrays(128)) != .unrepresentable)
        #expect(try Self.parse(objects(128)) != .unrepresentable)
        #expect(throws: JSONParseError(.tooDeep, at: 128)) { try Self.parse(arrays(129)) }
        #expect(throws: JSONParseError(.tooDeep, at: 640)) { try Self.parse(objects(129)) }
        #expect(throws: JSONParseError(.tooDeep, at: 128)) { try Self.parse(arrays(1_000_000)) }
        #expect(throws: JSONParseError(.tooDeep, at: 128)) { try Self.parse(String(repeating: "[", count: 1_000_000)) }
        #expect(Self.kind(String(repeating: "[{\"k\":", count: 300)) == .tooDeep)
    }

    /// The limit bounds the stack too: a worker thread of Dispatch's gets 512 KiB, and a
    /// hostile network reply is read on one. 512 levels (the former limit) needed about
    /// 2 MiB in a debug build, and more under AddressSanitizer, which overflowed this
    /// test's thread; the 128 levels allowed now fit in a quarter of that. Under
    /// AddressSanitizer (`make sanitize`) every frame carries redzones several times its
    /// size, so there the thread gets 4 MiB: the check is the recursion's bound, and the
    /// sanitizer still checks every access on the way down.
    @Test("128 levels parse on a thread with a worker's 512 KiB stack")
    func depthOnASmallStack() {
        let depth = JSONParser.maximumDepth
        let objects = String(repeating: #"{"a":"#, count: depth - 1) + "[1]" + String(repeating: "}", count: depth - 1)
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var parsed = 0
        let thread = Thread {
            for text in [objects, arrays] where (try? JSONParser.parse(Data(text.utf8))) != nil { parsed += 1 }
            done.signal()
        }
        thread.stackSize = dlsym(nil, "__asan_init") != nil ? 4 << 20 : 512 << 10
        thread.start()
        done.wait()
        #expect(parsed == 2)
    }

    @Test("surrogate escapes: a pair is one scalar, an unpaired one is unrepresentable as JSONDecoder made it")
    func surrogates() throws {
        #expect(try Self.parse(#""\uD83D\uDE00""#) == .string("😀"))
        for lone in [#""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800\ud800""#, #""\udfff\ud800""#, #""x\ud83dy""#, #""\ud83d\\""#] {
            #expect(try Self.parse(lone) == .unrepresentable, "\(lone)")
        }
        #expect(try Self.parse(#"["\ud800", 1]"#) == .array([.unrepresentable, .number(1)]))
        #expect(try Self.parse(#"{"a":"\ud800"}"#) == .object(["a": .unrepresentable]))
        // JSONDecoder could not decode the key, so not the object that holds it.
        #expect(try Self.parse(#"{"\ud800":1}"#) == .unrepresentable)
        #expect(try Self.parse(#"{"a":1,"\ud800":2}"#) == .unrepresentable)
        #expect(try Self.parse(#"[{"\ud800":1}]"#) == .array([.unrepresentable]))
        // Still strict about the rest of the text.
        #expect(Self.kind(#"["\ud800", ]"#) == .trailingComma)
        #expect(Self.kind(#""\ud800\uZZZZ""#) == .invalidHexEscape("ZZZZ"))
        // Refused outright where JSONSerialization refused them.
        #expect(Self.kind(#"["\ud800"]"#, .serializationCompatible) == .unpairedHighSurrogate)
        #expect(Self.kind(#"["\ud800\u0041"]"#, .serializationCompatible) == .unpairedHighSurrogate)
        #expect(Self.kind(#"["\udc00"]"#, .serializationCompatible) == .unpairedLowSurrogate)
        #expect(Self.kind(#"{"\ud800":1}"#, .serializationCompatible) == .unpairedHighSurrogate)
    }

    static let numbers: [(String, JSONValue)] = [
        ("1.7976931348623157e308", .number(.greatestFiniteMagnitude)), ("-1.7976931348623157e308", .number(-.greatestFiniteMagnitude)),
        ("1e999", .unrepresentable), ("-1e999", .unrepresentable), ("1.8e308", .unrepresentable), ("1.7976931348623159e308", .unrepresentable),
        ("100000000000000000000000000000000000000000000e300", .unrepresentable),
        ("4.9e-324", .number(.leastNonzeroMagnitude)), ("2.5e-324", .number(.leastNonzeroMagnitude)), ("1e-310", .number(1e-310)),
        ("2.2250738585072014e-308", .number(.leastNormalMagnitude)),
        // Non-zero digits that round to 0 underflowed: JSONDecoder called them unrepresentable.
        ("2.4e-324", .unrepresentable), ("1e-400", .unrepresentable), ("-1e-400", .unrepresentable), ("0.0001e-400", .unrepresentable),
        ("0e-400", .number(0)), ("0.0000e-999", .number(0)), ("-0.0e-0", .number(-0.0)), ("0e999", .number(0)),
        // A true zero with a positive exponent is 0 (JSONDecoder's zero check misread "0e5" as an underflow).
        ("0e5", .number(0)), ("0.00e10", .number(0)),
        ("123456789012345678901234567890", .number(1.2345678901234568e29)), ("9007199254740993", .number(9007199254740992)),
        ("1.000000000000000000000000000001", .number(1)),
        // Found by the json fuzz target: JSONSerialization keeps an integer this long as an
        // NSDecimalNumber and reads 1.0000000000000006e+111; the parser rounds correctly.
        (String(repeating: "9", count: 110) + "5", .number(1e111)),
        // Correctly rounded: exactly halfway rounds to even, a hair above rounds up.
        ("1.00000000000000011102230246251565404236316680908203125", .number(1)),
        ("1.00000000000000011102230246251565404236316680908203126", .number(1.0000000000000002)),
        ("2.2250738585072011e-308", .number(2.225073858507201e-308)), ("0.30000000000000004", .number(0.30000000000000004)),
    ]

    @Test("numbers are read by strtod, correctly rounded; out of Double's range is unrepresentable", arguments: numbers)
    func number(text: String, value: JSONValue) throws {
        #expect(try Self.parse(text) == value)
        #expect(try Self.parse("[\(text)]") == .array([value]))
    }

    @Test("refusing unrepresentable values: overflow is an error after the syntax is checked, underflow is 0")
    func refusedNumbers() throws {
        let options = JSONParser.Options.serializationCompatible
        #expect(throws: JSONParseError(.unrepresentableNumber("1e999"))) { try Self.parse("[1e999]", options) }
        #expect(throws: JSONParseError(.unexpectedCharacter, at: 8)) { try Self.parse("[1e999, x]", options) }
        #expect(try Self.parse("[1e-400, -1e-400]", options) == .array([.number(0), .number(-0.0)]))
        // A later duplicate replaces the overflowing value, as it did in JSONSerialization.
        #expect(try Self.parse(#"{"a":1e999,"a":2}"#, options) == .object(["a": .number(2)]))
        #expect(throws: JSONParseError(.unrepresentableNumber("1e999"))) { try Self.parse(#"{"a":2,"a":1e999}"#, options) }
    }

    @Test("duplicate keys: the first wins as with JSONDecoder, the last in JSONSerialization's mode")
    func duplicateKeys() throws {
        #expect(try Self.parse(#"{"a":1,"a":2}"#) == .object(["a": .number(1)]))
        #expect(try Self.parse(#"{"a":1,"a":2}"#, .serializationCompatible) == .object(["a": .number(2)]))
        #expect(try Self.parse(#"{"a":{"b":1},"a":{"c":2}}"#) == .object(["a": .object(["b": .number(1)])]))
        // Keys that are the same string in Swift (canonically equivalent) are duplicates too.
        #expect(try Self.parse("{\"\u{E9}\":1,\"e\u{301}\":2}") == .object(["\u{E9}": .number(1)]))
        // The later duplicate is still parsed, so it must still be JSON.
        #expect(Self.kind(#"{"a":1,"a":[1,]}"#) == .trailingComma)
        #expect(try Self.parse(#"{"a":1,"a":"\ud800"}"#) == .object(["a": .number(1)]))
    }

    @Test("fragments: allowed by default, refused in JSONSerialization's mode after the syntax is checked")
    func fragments() throws {
        #expect(try Self.parse(#""x""#) == .string("x"))
        for text in ["1", #""x""#, "null", "1e999", "  true "] {
            #expect(throws: JSONParseError(.fragment), "\(text)") { try Self.parse(text, .serializationCompatible) }
        }
        #expect(throws: JSONParseError(.unexpectedEnd)) { try Self.parse("tru", .serializationCompatible) }
        #expect(try Self.parse("[1]", .serializationCompatible) == .array([.number(1)]))
    }

    @Test("trailing commas: refused by every preset, allowed only when asked for, as JSONSerialization allowed them")
    func trailingCommas() throws {
        var lenient = JSONParser.Options.serializationCompatible
        lenient.allowsTrailingCommas = true
        #expect(try Self.parse(#"{"a": [1, 2,],}"#, lenient) == .object(["a": .array([.number(1), .number(2)])]))
        #expect(throws: JSONParseError(.trailingComma, at: 5)) { try Self.parse("[1, 2, ]", .serializationCompatible) }
        #expect(throws: JSONParseError(.trailingComma, at: 7)) { try Self.parse(#"{"a": 1,}"#, .standard) }
        // A comma still separates two values: nothing before it, or two in a row, is refused.
        for text in ["[,]", "{,}", "[1,,]", #"{"a": 1,,}"#] {
            #expect(throws: JSONParseError.self, "\(text)") { try Self.parse(text, lenient) }
        }
    }

    static let manifestMistakes = [
        #"{"schema": "sensebridge.plugin-manifest/1", "#, #"{"id": "a" "kind": "b"}"#, #"{"id": "a"} trailing"#, #"{"id": nul, "a": 1}"#,
        #"{"abi": {"major": 01}}"#, "{\"id\": \"a\tb\"}", #"{"id": "a\qb"}"#, #"{"id": "\u12G4"}"#, #"{"id": 'a'}"#, #"{id: "a"}"#,
        "\"just a string\"", "42", #"{"max": 1e999}"#, #"{"id": "\udc00"}"#, #"["\ud800", 1]"#, #"{"a": -}"#, #"{"a": 1.}"#, "",
    ]

    /// Too deep is worded as Foundation words it, at the parser's own (lower) limit.
    @Test("nesting too deep is worded as JSONSerialization words it, at character 129")
    func tooDeepWording() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(Data(String(repeating: "[", count: 600).utf8)) }
        do {
            _ = try JSONParser.parse(Data(String(repeating: "[", count: 600).utf8), options: .serializationCompatible)
        } catch {
            #expect(error.description == "Too many nested arrays or dictionaries around character 129.")
        }
    }

    /// Word for word, offsets included. (Where Foundation's own offset is off, the parser
    /// does not copy it: "{\"id\": nul}" is "Unexpected end of file" to Foundation, which
    /// read the "}" as the fourth letter; here it is an invalid value at the "}".)
    @Test("a manifest's fault is worded as JSONSerialization worded it", arguments: manifestMistakes)
    func foundationWording(text: String) throws {
        let data = Data(text.utf8)
        var foundation = ""
        do {
            _ = try JSONSerialization.jsonObject(with: data)
            Issue.record("JSONSerialization accepted \(text)")
        } catch {
            foundation = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        }
        #expect(throws: JSONParseError.self) { try JSONParser.parse(data, options: .serializationCompatible) }
        do {
            _ = try JSONParser.parse(data, options: .serializationCompatible)
        } catch {
            #expect(error.description == foundation)
        }
    }
}
