import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge history` as a person uses it: on, list, show, clear, off.
@Suite struct CLIHistoryTests {
    let home: TemporaryDirectory

    init() throws { home = try TemporaryDirectory() }

    var file: URL { home.file("state/sensebridge/reading-history.json") }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url)
    }

    /// A history as `read` leaves it, written directly: the CLI's part is tested here,
    /// the reading's in ReadCommand's tests.
    func keep(_ texts: [String]) throws {
        let documents = texts.enumerated().map { ["time": "2026-12-03T10:00:0\($0.offset)Z", "source": "page-\($0.offset + 1).png", "text": $0.element] }
        try JSONSerialization.data(withJSONObject: ["schema": "sensebridge.reading-history/1", "documents": documents])
            .write(to: file)
    }

    @Test func offByDefaultListSaysSoAndShowFindsNothing() throws {
        let list = try cli(["history", "list"])
        #expect(list.status == 0)
        #expect(list.standardOutput.contains("Reading history is off"))
        let show = try cli(["history", "show", "1"])
        #expect(show.status == 66)
        #expect(show.standardError.contains("No document is kept."))
    }

    @Test("on, list newest first, show one, clear, then off deletes the file")
    func theWholeCycle() throws {
        let on = try cli(["history", "on"])
        #expect(on.status == 0 && on.standardOutput.contains(file.path))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        try keep(["Dear Ana, the meeting moved to Friday.", "Take two tablets twice daily."])

        let list = try cli(["history", "list"])
        let lines = list.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("2  ") == true && lines.first?.contains("page-2.png") == true)
        let show = try cli(["history", "show", "1"])
        #expect(show.status == 0 && show.standardOutput.contains("Dear Ana, the meeting moved to Friday."))
        let beyond = try cli(["history", "show", "3"])
        #expect(beyond.status == 66 && beyond.standardError.contains("the kept documents are 1 to 2"))

        let clear = try cli(["history", "clear"])
        #expect(clear.standardOutput.contains("2 documents deleted; reading history is still on."))
        try keep(["Another letter."])
        let off = try cli(["history", "off"])
        #expect(off.status == 0 && off.standardOutput.contains("1 document deleted"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    /// A number at the edge of Int is a document that is not kept, not a trap
    /// (`number - 1` overflowed on Int.min).
    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "0"])
    func showOfANumberNoDocumentHasIsNoInput(_ number: String) throws {
        let result = try ProcessRunner.cli(["history", "show", "--", number], home: home.url,
                                           extraEnvironment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError.contains("No document is kept."), "\(result.standardError)")
    }

    @Test func showNeedsANumber() throws {
        let result = try cli(["history", "show", "first"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Expected one document number"))
    }
}
