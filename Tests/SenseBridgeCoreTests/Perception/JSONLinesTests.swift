import Foundation
import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// The byte-level line rules give exactly what the String rules they replaced gave.
@Suite("JSONLines")
struct JSONLinesTests {
    /// A sample of every scalar: all of the BMP but the surrogates, and every 97th above it.
    static let scalars: [Unicode.Scalar] = (0..<0x110000).compactMap { value in
        value < 0x10000 || value % 97 == 0 ? Unicode.Scalar(value) : nil
    }

    static func withBytes<T>(_ text: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        Array(text.utf8).withUnsafeBytes(body)
    }

    static func string(_ bytes: UnsafeRawBufferPointer) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("trimming removes what trimmingCharacters(in: .whitespaces) removed, at both ends")
    func trimming() {
        let mismatches = Self.scalars.filter { scalar in
            let text = "\(scalar)\(scalar){}\(scalar)\(scalar)"
            return Self.withBytes(text) { Self.string(JSONLines.trimmed($0)) } != text.trimmingCharacters(in: .whitespaces)
        }
        #expect(mismatches.isEmpty, "\(mismatches.map(\.value))")
        for text in ["\u{3000} \t\u{A0}x\u{200B}\u{2009} ", " \u{301}x", "x \u{301}", "\u{A0}\u{301}x\u{A0}", "\u{2028}x\u{2029}", "\u{85}x",
                     "\u{FEFF}x\u{FEFF}", "", " ", "\u{200B}", "a\u{E2}"] {
            #expect(Self.withBytes(text) { Self.string(JSONLines.trimmed($0)) } == text.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("UTF-8 is checked as String(validating:) checks it")
    func utf8() {
        func agrees(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBytes(UTF8Check.isValid) == (String(validating: bytes, as: UTF8.self) != nil)
        }
        var mismatches: [[UInt8]] = []
        func check(_ bytes: [UInt8]) { if !agrees(bytes) { mismatches.append(bytes) } }
        let edges: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF,
                              0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        // Every one- and two-byte sequence; longer ones around each boundary of table 3-7
        // (after the second byte only "is it a continuation byte" matters).
        let continuationEdges: [UInt8] = [0x7F, 0x80, 0xBF, 0xC0]
        for first in UInt8.min...UInt8.max {
            check([first])
            for second in UInt8.min...UInt8.max { check([first, second]) }
            guard first >= 0xC0 || edges.contains(first) else { continue }
            for second in edges {
                for third in continuationEdges {
                    check([first, second, third])
                    for fourth in continuationEdges { check([first, second, third, fourth]) }
                }
            }
        }
        // Around the eight-byte ASCII stride.
        for length in 1...20 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: 0x61, count: length)
                bytes[position] = 0xFF
                check(bytes)
                bytes[position] = 0xC3
                check(bytes)
                if position + 1 < length { bytes[position + 1] = 0xA9 }
                check(bytes)
            }
        }
        var generator = SeededGenerator(seed: 8259)
        for _ in 0..<20_000 {
            let bytes = (0..<(1 + Int(generator.next() % 24))).map { _ -> UInt8 in
                let draw = generator.next()
                return draw % 3 == 0 ? UInt8(truncatingIfNeeded: draw >> 8) : edges[Int(draw >> 8) % edges.count]
            }
            check(bytes)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("a comment is what hasPrefix(\"#\") called one: # is not a comment when a mark joins it")
    func comments() {
        let mismatches = Self.scalars.filter { scalar in
            let text = "#\(scalar)x"
            return Self.withBytes(text, JSONLines.isComment) != text.hasPrefix("#")
        }
        #expect(mismatches.isEmpty, "\(mismatches.map(\.value))")
        for text in ["#", "#\u{301}", "#\u{FE0F}\u{20E3}", "#\u{200D}", "#\u{1F3FB}", "#é", "x#", ""] {
            #expect(Self.withBytes(text, JSONLines.isComment) == text.hasPrefix("#"), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("a blank label is what trimming .whitespacesAndNewlines emptied")
    func blankLabels() {
        let mismatches = Self.scalars.filter { scalar in
            let text = "\(scalar)\(scalar)"
            return RecordsFile.isBlank(text) != text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        #expect(mismatches.isEmpty, "\(mismatches.map(\.value))")
        for text in ["", " \n\t\r\u{0B}\u{0C}\u{85}\u{2028}\u{3000}", " a ", "\u{A0}\u{301}", "\u{200B}"] {
            #expect(RecordsFile.isBlank(text) == text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        }
    }

    /// The rules as they were written over String, kept here as the reference.
    static func formerContent(_ bytes: [UInt8], dropsByteOrderMark: Bool) -> String? {
        var bytes = bytes[...]
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        if dropsByteOrderMark, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let line = String(validating: bytes, as: UTF8.self) else { return "invalid" }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        return "json:" + trimmed
    }

    static func content(_ bytes: [UInt8], dropsByteOrderMark: Bool) -> String? {
        bytes.withUnsafeBytes { raw in
            switch JSONLines.content(of: raw, dropsByteOrderMark: dropsByteOrderMark) {
            case .skip: return nil
            case .invalidUTF8: return "invalid"
            case .json(let text): return "json:" + string(text)
            }
        }
    }

    @Test("a line's content is what the String rules made of it")
    func lineContent() {
        let lines = ["{}", "{}\r", "{}\r\r", "\r", "\r\r", "", "  ", " # c", "#", "\u{FEFF}{}", "\u{FEFF}\u{FEFF}{}", "\u{FEFF}#c", " \u{FEFF}{}",
                     "\u{A0}{}\u{3000}\r", "\t{} \t", "#\u{301}{}", "{\"a\":\"\u{E9}\"}"]
        var cases = lines.map { Array($0.utf8) } + [[0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0xFF], [0x7B, 0xFF, 0xFE, 0x7D], [0xEF, 0xBB, 0xBF, 0xFF],
                                                     [0x20, 0xC2], [0x23, 0xCC], [0x0D, 0x0D]]
        var generator = SeededGenerator(seed: 42)
        let pieces: [[UInt8]] = [[0x20], [0x09], [0x0D], [0x23], [0xC2, 0xA0], [0xE3, 0x80, 0x80], [0xE2, 0x80, 0x8B], [0xEF, 0xBB, 0xBF],
                                 [0xCC, 0x81], [0x7B, 0x7D], [0xFF], [0x61], [0xE2, 0x80]]
        for _ in 0..<5_000 {
            cases.append((0..<(Int(generator.next() % 6))).flatMap { _ in pieces[Int(generator.next() % UInt64(pieces.count))] })
        }
        let mismatches = cases.filter { bytes in
            [false, true].contains { Self.content(bytes, dropsByteOrderMark: $0) != Self.formerContent(bytes, dropsByteOrderMark: $0) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("lines split as split(separator:omittingEmptySubsequences: false) split them")
    func splitting() {
        for text in ["", "\n", "a", "a\n", "a\nb", "\n\n", "a\n\nb\n", "\r\n"] {
            var lines: [String] = []
            var numbers: [Int] = []
            Self.withBytes(text) { raw in
                JSONLines.forEachLine(in: raw) { line, number in
                    lines.append(Self.string(line))
                    numbers.append(number)
                }
            }
            let expected = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            #expect(lines == expected)
            #expect(numbers == Array(1...expected.count))
        }
    }
}
