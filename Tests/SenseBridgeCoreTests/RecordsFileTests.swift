import Foundation
import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

@Suite("RecordsFile")
struct RecordsFileTests {
    @Test("a good file: comments, blank lines, CRLF and a BOM are fine")
    func goodFile() throws {
        let text = """
        \u{FEFF}# A walk past the kitchen door.
        {"kind":"object","label":"chair","confidence":0.82,"box":{"x":0.1,"y":0.2,"width":0.3,"height":0.4}}

        {"kind":"sound","label":"smoke_alarm","confidence":0.9}\r
          # indented comment
        {"kind":"text","label":"EXIT","confidence":0.75,"box":{"x":0,"y":0,"width":1,"height":1}}
        {"kind":"depth","distanceMetres":2.4}
        {"kind":"depth","label":"centre","confidence":0.5,"distanceMetres":0}
        """
        let records = try RecordsFile.parse(Data(text.utf8), name: "walk.jsonl")
        #expect(records == [
            PerceptionRecord(kind: .object, label: "chair", confidence: 0.82,
                             box: NormalizedBox(x: 0.1, y: 0.2, width: 0.3, height: 0.4)),
            PerceptionRecord(kind: .sound, label: "smoke_alarm", confidence: 0.9),
            PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.75, box: NormalizedBox(x: 0, y: 0, width: 1, height: 1)),
            PerceptionRecord(kind: .depth, label: "", confidence: 1, distanceMetres: 2.4),
            PerceptionRecord(kind: .depth, label: "centre", confidence: 0.5, distanceMetres: 0),
        ])
        #expect(try RecordsFile.parse(Data(), name: "empty.jsonl").isEmpty)
    }

    static let badLines: [(String, String)] = [
        (#"{"kind":"object","label":"chair","confidence":1.7}"#, "confidence 1.7 is outside 0…1"),
        (#"{"kind":"object","label":"chair","confidence":-0.2}"#, "confidence -0.2 is outside 0…1"),
        (#"{"kind":"table","label":"chair","confidence":0.5}"#,
         #"unknown kind "table" (expected object, text, sound or depth)"#),
        (#"{"label":"chair","confidence":0.5}"#, #"missing field "kind""#),
        (#"{"kind":"object","confidence":0.5}"#, #"missing field "label""#),
        (#"{"kind":"object","label":"chair"}"#, #"missing field "confidence""#),
        (#"{"kind":"depth"}"#, #"missing field "distanceMetres""#),
        (#"{"kind":"object","label":"chair","confidence":0.5,"confidance":1}"#, #"unknown field "confidance""#),
        (#"{"kind":"object","label":"chair","confidence":1e999}"#, "confidence is not a finite number"),
        (#"{"kind":"object","label":"chair","confidence":NaN}"#, "is not valid JSON (Invalid value around character 46.)"),
        (#"{"kind":"object","label":"chair","confidence":"high"}"#, "confidence must be a number, found a string"),
        (#"{"kind":"object","label":"chair","confidence":true}"#, "confidence must be a number, found a boolean"),
        (#"{"kind":"object","label":"  ","confidence":0.5}"#, #""label" must not be empty"#),
        (#"{"kind":"object","label":7,"confidence":0.5}"#, #""label" must be a string, found a number"#),
        (#"{"kind":"object","label":"chair","confidence":0.5,"box":{"x":1.2,"y":0,"width":0.1,"height":0.1}}"#,
         "box x 1.2 is outside 0…1"),
        (#"{"kind":"object","label":"chair","confidence":0.5,"box":{"x":0.8,"y":0,"width":0.5,"height":0.1}}"#,
         "box extends past the right edge (x + width = 1.3)"),
        (#"{"kind":"object","label":"chair","confidence":0.5,"box":{"x":0,"y":0.5,"width":0.1,"height":0.75}}"#,
         "box extends past the bottom edge (y + height = 1.25)"),
        (#"{"kind":"object","label":"chair","confidence":0.5,"box":{"x":0,"y":0,"width":0,"height":0.1}}"#,
         "box width 0 must be greater than 0"),
        (#"{"kind":"object","label":"chair","confidence":0.5,"box":{"x":0,"y":0,"width":0.1}}"#,
         #"missing box field "height""#),
        (#"{"kind":"object","label":"chair","confidence":0.5,"box":{"x":0,"y":0,"width":0.1,"height":0.1,"z":1}}"#,
         #"unknown box field "z""#),
        (#"{"kind":"object","label":"chair","confidence":0.5,"box":[0,0,1,1]}"#,
         #""box" must be an object with x, y, width and height"#),
        (#"{"kind":"sound","label":"siren","confidence":0.5,"box":{"x":0,"y":0,"width":0.1,"height":0.1}}"#,
         #""box" is not allowed for sound records"#),
        (#"{"kind":"depth","distanceMetres":-1}"#, "distanceMetres -1 must be 0 or more"),
        // `describe --records` died with SIGILL on 1e19 (a Double too large for Int in phrasing).
        (#"{"kind":"depth","distanceMetres":1e19}"#, "distanceMetres 1e+19 is beyond 100, farther than any depth sensor measures"),
        (#"{"kind":"depth","distanceMetres":100.5}"#, "distanceMetres 100.5 is beyond 100, farther than any depth sensor measures"),
        (#"{"kind":"object","label":"chair","confidence":0.5,"distanceMetres":2}"#,
         #""distanceMetres" is only allowed for depth records"#),
        (#"[1,2]"#, "must be a JSON object, found an array"),
        (#"{"kind":"object","label":"chair","confidence":0.5"#, "is not valid JSON (Unexpected end of file during JSON parse.)"),
    ]

    @Test("each bad line is reported with the file, its line number and the reason", arguments: badLines)
    func badLine(line: String, reason: String) {
        let text = "# header\n{\"kind\":\"object\",\"label\":\"door\",\"confidence\":0.9}\n\n\(line)\n{\"kind\":\"depth\",\"distanceMetres\":1}\n"
        #expect {
            try RecordsFile.parse(Data(text.utf8), name: "records.jsonl")
        } throws: { error in
            (error as? RecordsFileError) == RecordsFileError(name: "records.jsonl", line: 4, reason: reason)
        }
    }

    @Test("the message reads as one line a person can act on")
    func message() {
        let error = RecordsFileError(name: "records.jsonl", line: 4, reason: "confidence 1.7 is outside 0…1")
        #expect(error.description == "records.jsonl line 4: confidence 1.7 is outside 0…1")
    }

    @Test("invalid UTF-8 is reported on its line")
    func invalidUTF8() {
        var data = Data("{\"kind\":\"depth\",\"distanceMetres\":1}\n".utf8)
        data.append(contentsOf: [0x7B, 0xFF, 0xFE, 0x7D, 0x0A])
        #expect {
            try RecordsFile.parse(data, name: "bytes.jsonl")
        } throws: { error in
            (error as? RecordsFileError) == RecordsFileError(name: "bytes.jsonl", line: 2, reason: "is not valid UTF-8")
        }
    }

    @Test("hostile input never crashes the parser")
    func fuzz() {
        var generator = SeededGenerator(seed: 99)
        let pieces = ["{", "}", "\"kind\"", ":", "\"object\"", ",", "\"label\"", "\"x\"", "0.5", "1e999", "[", "]",
                      "\n", "null", "true", "\"box\"", "\"confidence\"", "-", "\u{0}", "\\u0000", "\"\\ud800\""]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 1...20, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            do {
                _ = try RecordsFile.parse(Data(text.utf8), name: "fuzz.jsonl")
            } catch let error as RecordsFileError {
                #expect(error.line >= 1 && !error.reason.isEmpty)
            } catch {
                Issue.record("unexpected error type \(error)")
            }
        }
    }
}
