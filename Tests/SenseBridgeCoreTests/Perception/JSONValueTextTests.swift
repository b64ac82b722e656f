import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeCore

/// `JSONValue.jsonText` writes what JSONSerialization wrote before it (sorted keys, no
/// escaped slashes): plugin configs, registry entries and error messages read the same.
@Suite struct JSONValueTextTests {
    static func serialization(_ value: JSONValue) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: value.any, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]))
            ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func tableOfTheCasesThatDiffer() {
        let cases: [(JSONValue, String)] = [
            (.number(1e15), "1000000000000000"), (.number(1e16), "1e+16"), (.number(-0.0), "0"), (.number(0.1), "0.1"),
            (.number(1e-7), "1e-07"), (.number(.nan), "null"), (.array([.number(1), .number(.infinity)]), "null"),
            (.string("a/b\u{1}\u{8}\u{C}\r\u{7F}\u{2028}"), #""a/b\u0001\b\f\r\#u{7F}\#u{2028}""#),
            (.object(["b": .number(1), "a10": .number(2), "a9": .number(3), "B": .number(4), "é": .number(5), "e": .null]),
             #"{"a9":3,"a10":2,"b":1,"B":4,"e":null,"é":5}"#),
            (.unrepresentable, "null"), (.bool(false), "false"),
        ]
        for (value, expected) in cases {
            #expect(value.jsonText == expected)
            #expect(value.jsonText == Self.serialization(value), "\(value)")
        }
    }

    @Test func generatedValuesReadTheSameAsJSONSerialization() {
        var generator = SeededGenerator(seed: 2026)
        let alphabet: [Unicode.Scalar] = ["a", "B", "1", "9", "0", "_", "-", "/", "\"", "\\", "\u{0}", "\u{1F}", "\n", "\t", "é", "É",
                                          "ñ", "ữ", "\u{301}", "€", "😀", "\u{2028}", "\u{7F}", " "]
        func string() -> String {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...8, using: &generator) { text.append(alphabet.randomElement(using: &generator)!) }
            return String(text)
        }
        func value(depth: Int) -> JSONValue {
            switch Int.random(in: 0...(depth > 2 ? 4 : 6), using: &generator) {
            case 0: return .null
            case 1: return .bool(Bool.random(using: &generator))
            case 2:
                let magnitudes: [Double] = [1, 0.5, 1e-9, 1e14, 1e15, 1e17, 1e300, 123.456, 1 / 3]
                return .number(magnitudes.randomElement(using: &generator)! * Double(Int.random(in: -1000...1000, using: &generator)))
            case 3, 4: return .string(string())
            case 5: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth + 1) })
            default:
                var members: [String: JSONValue] = [:]
                for _ in 0..<Int.random(in: 0...5, using: &generator) { members[string()] = value(depth: depth + 1) }
                return .object(members)
            }
        }
        for _ in 0..<3000 {
            let generated = value(depth: 0)
            #expect(generated.jsonText == Self.serialization(generated), "\(generated)")
        }
    }
}
