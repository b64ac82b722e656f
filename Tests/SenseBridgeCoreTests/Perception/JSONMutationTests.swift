import Foundation
import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Thousands of deterministic byte mutations of real lines: the parser never crashes,
/// agrees with Foundation's JSONSerialization on what is JSON, and where it accepts a
/// line gives the value the former JSONDecoder path gave.
@Suite("JSON mutations")
struct JSONMutationTests {
    static let lines = [
        #"{"kind": "object", "label": "chair", "confidence": 0.91, "box": {"x": 0.05, "y": 0.40, "width": 0.25, "height": 0.55}}"#,
        #"{"kind":"text","label":"Caf\u00e9 \"EXIT\" \ud83d\ude00 \/","confidence":9.3e-1,"box":{"x":0,"y":0,"width":1,"height":1}}"#,
        #"{"time": 0.85, "records": [{"kind": "object", "label": "door", "confidence": 0.84}, {"kind": "sound", "label": "speech", "confidence": 0.66}]}"#,
        #"{"time":1.5,"depth":{"width":4,"height":2,"metres":[null,1.25,-0.0,2e1,1E-3,3.5,4,5],"cameraToWorld":[1,0,0,0,0,0.939693,-0.34202,0,0,0.34202,0.939693,0,0,1.3,0,1],"intrinsics":[27.7128,27.7128,1.5,0.5]}}"#,
    ]
    /// Bytes a mutation is likeliest to break JSON with.
    static let interesting: [UInt8] = Array(#"{}[]:,"\/u0123456789.eE+-ntf "#.utf8) + [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
    static let snippets: [[UInt8]] = [#"\ud800"#, #"\udc00"#, "1e999", "1e-400", "0e5", ",", ",]", "[", "{\"", "\"", "\\", "NaN", "01", "\u{FEFF}"]
        .map { Array($0.utf8) }
    static let mutantsPerLine = 2_500

    /// 1 to 3 edits: replace, insert, delete, duplicate a slice, insert a snippet, truncate.
    static func mutate(_ line: [UInt8], _ generator: inout SeededGenerator) -> [UInt8] {
        var bytes = line
        func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(generator.next() % UInt64(bound)) }
        func byte() -> UInt8 {
            let draw = generator.next()
            return draw % 2 == 0 ? interesting[Int(draw >> 1) % interesting.count] : UInt8(truncatingIfNeeded: draw >> 8)
        }
        for _ in 0...below(3) {
            let at = below(bytes.count)
            switch below(6) {
            case 0 where !bytes.isEmpty: bytes[at] = byte()
            case 1: bytes.insert(byte(), at: at)
            case 2 where !bytes.isEmpty: bytes.remove(at: at)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, at + 1 + below(8))
                bytes.insert(contentsOf: bytes[at..<end], at: below(bytes.count))
            case 4: bytes.insert(contentsOf: snippets[below(snippets.count)], at: at)
            default: bytes.removeSubrange(at...)
            }
        }
        return bytes
    }

    static func mutants() -> [[UInt8]] {
        var generator = SeededGenerator(seed: 14)
        return lines.flatMap { line in (0..<mutantsPerLine).map { _ in mutate(Array(line.utf8), &generator) } }
    }

    static let serializationWithFragments = JSONParser.Options(duplicateKeys: .lastWins, allowsFragments: true, keepsUnrepresentable: false)

    enum Outcome: Equatable {
        case value(JSONValue)
        case refused(JSONParseError)
    }

    static func parse(_ bytes: [UInt8], _ options: JSONParser.Options) -> Outcome {
        do {
            return .value(try JSONParser.parse(Data(bytes), options: options))
        } catch {
            return .refused(error)
        }
    }

    static func foundation(_ bytes: [UInt8]) -> JSONValue? {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)).flatMap(JSONValue.init(any:))
    }

    /// A trailing comma is the one thing JSONSerialization accepts that RFC 8259 does
    /// not: deleting each one the parser reports must leave a text both read alike.
    static func withoutTrailingCommas(_ bytes: [UInt8]) -> (bytes: [UInt8], removed: Int) {
        var bytes = bytes
        var removed = 0
        while case .refused(let error) = parse(bytes, serializationWithFragments), error.kind == .trailingComma, let offset = error.offset {
            let origin = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            bytes.remove(at: origin + offset)
            removed += 1
        }
        return (bytes, removed)
    }

    @Test("valid or not as JSONSerialization says, and the same value when valid")
    func agreesWithJSONSerialization() {
        var disagreements: [String] = []
        var trailingCommas = 0, valid = 0
        for mutant in Self.mutants() {
            let shown = String(decoding: mutant, as: UTF8.self)
            let theirs = Self.foundation(mutant)
            let (text, removed) = Self.withoutTrailingCommas(mutant)
            if removed > 0 {
                trailingCommas += 1
                // Refused by both; or accepted by Foundation, which must then read the same
                // value without the commas, as the parser must.
                guard let theirs else { continue }
                guard let withoutCommas = Self.foundation(text), Self.sameValue(withoutCommas, theirs) else {
                    disagreements.append("Foundation reads it differently without its trailing commas: \(shown)")
                    continue
                }
            }
            switch (Self.parse(text, Self.serializationWithFragments), theirs) {
            case (.value(let ours), let theirs?):
                valid += 1
                if !Self.sameValue(ours, theirs) { disagreements.append("value differs: \(shown)") }
            case (.refused, nil):
                break
            case (.value, nil):
                disagreements.append("accepted what Foundation refuses: \(shown) \(mutant)")
            case (.refused(let error), _?):
                disagreements.append("refused (\(error)) what Foundation accepts: \(shown) \(mutant)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(8).joined(separator: "\n"))")
        // The mutations exercise both sides: many stay valid, a fair number grow a trailing comma.
        #expect(valid > 1_000)
        #expect(trailingCommas > 10)
    }

    /// Equal, but for a quirk of JSONSerialization the parser does not copy: it drops a
    /// U+FEFF that starts a string (its UTF-8 decoding takes it for a byte order mark).
    static func sameValue(_ ours: JSONValue, _ theirs: JSONValue) -> Bool {
        switch (ours, theirs) {
        case (.string(let a), .string(let b)): return withoutLeadingMark(a) == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { sameValue($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[withoutLeadingMark(key)].map { sameValue(value, $0) } ?? false }
        default: return ours == theirs
        }
    }

    static func withoutLeadingMark(_ text: String) -> String {
        text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    }

    @Test("what the parser accepts, the former JSONDecoder path read as the same value")
    func agreesWithTheFormerDecoder() {
        var disagreements: [String] = []
        var accepted = 0
        for mutant in Self.mutants() {
            guard case .value(let ours) = Self.parse(mutant, .standard) else { continue }
            accepted += 1
            guard let theirs = try? JSONDecoder().decode(JSONValue.self, from: Data(mutant)) else {
                disagreements.append("JSONDecoder refused: \(String(decoding: mutant, as: UTF8.self))")
                continue
            }
            if !Self.formerlyEqual(ours, theirs) { disagreements.append("value differs: \(String(decoding: mutant, as: UTF8.self))") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(8).joined(separator: "\n"))")
        #expect(accepted > 1_000)
    }

    /// Equal, except where JSONDecoder's zero check misread a true zero with a positive
    /// exponent ("0e5") as an underflow: the parser reads 0 there, deliberately.
    static func formerlyEqual(_ ours: JSONValue, _ theirs: JSONValue) -> Bool {
        switch (ours, theirs) {
        case (.number(0), .unrepresentable): return true
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { formerlyEqual($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { formerlyEqual(value, $0) } ?? false }
        default: return ours == theirs
        }
    }

    @Test("records files and recordings never crash on a mutated line and always name the line")
    func filesNeverCrash() {
        var unexpected: [String] = []
        for mutant in Self.mutants() {
            var file = Array("# header\n{\"kind\":\"depth\",\"distanceMetres\":1}\n".utf8)
            file += mutant + Array("\n\n".utf8)
            do {
                _ = try RecordsFile.parse(Data(file), name: "m.jsonl")
            } catch let error as RecordsFileError {
                if error.line < 3 || error.reason.isEmpty { unexpected.append("\(error)") }
            } catch {
                unexpected.append("\(error)")
            }
            var recording = Array("{\"schema\": \"sensebridge.recording/1\"}\n".utf8)
            recording += mutant
            do {
                _ = try Recording.parse(Data(recording), name: "m.jsonl")
            } catch let error as RecordingError {
                if (error.line ?? 0) < 2 || error.reason.isEmpty { unexpected.append("\(error)") }
            } catch {
                unexpected.append("\(error)")
            }
        }
        #expect(unexpected.isEmpty, "\(unexpected.prefix(8))")
    }
}
