import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The compiler checks nothing behind an `@unchecked Sendable`, so each one in Sources/
/// and Plugins/ says why it is safe (which lock guards which state, or which thread rule
/// holds), in a comment on the same line or the line directly above that starts with
/// "Unchecked Sendable:". A reviewer checks the reason; this test checks it is there.
@Suite struct UncheckedSendableReasonTests {
    static let marker = "Unchecked Sendable:"
    static let folders = ["Sources", "Plugins"]

    @Test func everyUncheckedSendableStatesItsReason() throws {
        var declarations = 0
        var unexplained: [String] = []
        for folder in Self.folders {
            for file in try Self.swiftFiles(under: RepositoryPaths.root.appendingPathComponent(folder)) {
                let text = try String(contentsOf: file, encoding: .utf8)
                let relative = file.path.replacingOccurrences(of: RepositoryPaths.root.path + "/", with: "")
                declarations += Self.declarations(in: text).count
                unexplained += Self.unexplained(in: text).map { "\(relative):\($0)" }
            }
        }
        #expect(declarations > 0, "no @unchecked Sendable found at all; is RepositoryPaths.root right?")
        #expect(unexplained.isEmpty, """
            Each @unchecked Sendable needs a comment "// \(Self.marker) <why>" on its line or the line above: \
            \(unexplained.joined(separator: ", "))
            """)
    }

    @Test func theCheckItselfAcceptsOnlyAStatedReason() {
        #expect(Self.unexplained(in: "final class A: @unchecked Sendable {}") == [1])
        #expect(Self.unexplained(in: "/// A doc comment.\nfinal class A: @unchecked Sendable {}") == [2])
        #expect(Self.unexplained(in: "// \(Self.marker)\nfinal class A: @unchecked Sendable {}") == [2])
        #expect(Self.unexplained(in: "/// \(Self.marker) `lock` guards `x`.\nfinal class A: @unchecked Sendable {}").isEmpty)
        #expect(Self.unexplained(in: "final class A: @unchecked Sendable {  // \(Self.marker) `lock` guards `x`.").isEmpty)
        // A reason two lines up belongs to something else.
        #expect(Self.unexplained(in: "// \(Self.marker) `lock` guards `x`.\n\nfinal class A: @unchecked Sendable {}") == [3])
        // Mentioned in a comment is not a declaration.
        #expect(Self.declarations(in: "// Not @unchecked Sendable any more.").isEmpty)
    }

    /// 1-based numbers of the lines that declare an `@unchecked Sendable` in code.
    static func declarations(in text: String) -> [Int] {
        let lines = text.components(separatedBy: "\n")
        return lines.indices.filter { code(lines[$0]).contains("@unchecked Sendable") }.map { $0 + 1 }
    }

    /// 1-based numbers of the declaring lines with no reason on them or directly above.
    static func unexplained(in text: String) -> [Int] {
        let lines = text.components(separatedBy: "\n")
        return declarations(in: text).filter { number in
            let index = number - 1
            if hasReason(comment(lines[index])) { return false }
            let above = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            return !(above.hasPrefix("//") && hasReason(comment(above)))
        }
    }

    /// The part of a line before a `//` comment.
    static func code(_ line: String) -> Substring {
        line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
    }

    /// The `//` comment of a line, if any.
    static func comment(_ line: String) -> Substring {
        line.range(of: "//").map { line[$0.lowerBound...] } ?? ""
    }

    /// True when the comment holds the marker and some words after it.
    static func hasReason(_ comment: Substring) -> Bool {
        guard let marker = comment.range(of: Self.marker) else { return false }
        return comment[marker.upperBound...].trimmingCharacters(in: .whitespaces).count >= 8
    }

    static func swiftFiles(under folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }
}
