import Foundation
import Testing
@testable import SenseBridgeCore

/// The lines whose reason changed with JSONParser, each on purpose: JSONDecoder checked
/// numbers, escapes and string contents only when a value was decoded, so text that is
/// not JSON got a reason about a field; RFC 8259 says it is not JSON, and now so does
/// the reason. Every other bad line keeps its reason (RecordsFileTests).
@Suite("RecordsFile strictness")
struct RecordsFileStrictnessTests {
    static let changed: [(line: String, formerly: String)] = [
        (#"{"kind":"object","label":"chair","confidence":0.5,}"#, "accepted"),
        (#"{"kind":"object","label":"chair","confidence":0.5,"box":{"x":0,"y":0,"width":1,"height":1,},}"#, "accepted"),
        ("{\"kind\":\"object\",\"label\":\"a\tb\",\"confidence\":0.5}", #""label" must be a string, found not representable"#),
        (#"{"kind":"object","label":"a\qb","confidence":0.5}"#, #""label" must be a string, found not representable"#),
        (#"{"kind":"object","label":"\uZZZZ","confidence":0.5}"#, #""label" must be a string, found not representable"#),
        (#"{"kind":"object","label":"chair","confidence":00.5}"#, "confidence is not a finite number"),
        (#"{"kind":"object","label":"chair","confidence":1.}"#, "confidence is not a finite number"),
        (#"{"kind":"object","label":"chair","confidence":-}"#, "confidence is not a finite number"),
    ]

    /// The former path: JSONDecoder on the trimmed line, then the same field checks.
    static func formerReason(_ line: String) -> String {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)) else { return "is not valid JSON" }
        do {
            _ = try RecordsFile.record(from: value)
            return "accepted"
        } catch {
            return error.reason
        }
    }

    @Test("text that is not RFC 8259 JSON is now reported as such", arguments: changed)
    func notJSON(line: String, formerly: String) {
        #expect(Self.formerReason(line) == formerly)
        #expect {
            try RecordsFile.parse(Data(line.utf8), name: "r.jsonl")
        } throws: { error in
            let reason = (error as? RecordsFileError)?.reason ?? ""
            return reason.hasPrefix("is not valid JSON (") && reason.count > "is not valid JSON ()".count
        }
    }

    static let kept = [
        #"{"kind":"object","label":"chair","confidence":1e999}"#, #"{"kind":"object","label":"\ud800","confidence":0.5}"#,
        #"{"kind":"object","label":"chair","confidence":1e-400}"#, #"{"\ud800":1}"#, #"{"kind":"object","label":"chair","confidence":2,"confidence":0.5}"#,
        #"{"kind":"object","label":"chair","confidence":0.5,"box":{"x":0,"y":0,"width":1,"height":1,"z":1e999}}"#,
    ]

    @Test("unrepresentable values and duplicate keys keep their former reasons", arguments: kept)
    func unrepresentable(line: String) {
        let former = Self.formerReason(line)
        #expect(former != "is not valid JSON" && former != "accepted")
        #expect(throws: RecordsFileError(name: "r.jsonl", line: 1, reason: former)) {
            try RecordsFile.parse(Data(line.utf8), name: "r.jsonl")
        }
    }
}
