import Foundation
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The reading history's privacy rules: off by default, one owner-only file, a cap,
/// and deletion (not hiding) when turned off.
@Suite struct ReadingHistoryTests {
    let directory: TemporaryDirectory
    let history: ReadingHistory

    init() throws {
        directory = try TemporaryDirectory()
        history = ReadingHistory(fileURL: directory.file("state/sensebridge/reading-history.json"))
    }

    static func document(_ number: Int) -> ReadingHistory.Document {
        ReadingHistory.Document(time: "2026-12-03T10:00:\(String(format: "%02d", number % 60))Z", source: "page-\(number).png",
                                text: "Letter number \(number).")
    }

    @Test("off by default: a reading is not kept, and no file is made")
    func offByDefaultKeepsNothing() throws {
        #expect(!history.isOn)
        try history.record(Self.document(1))
        #expect(try history.documents().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: history.fileURL.path))
    }

    @Test("on: one file readable by its owner only")
    func theFileIsOwnerOnly() throws {
        try history.turnOn()
        try history.record(Self.document(1))
        let attributes = try FileManager.default.attributesOfItem(atPath: history.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try history.documents() == [Self.document(1)])
    }

    @Test("at most 25 documents, the oldest dropped first")
    func theCapDropsTheOldest() throws {
        try history.turnOn()
        for number in 1...30 { try history.record(Self.document(number)) }
        let kept = try history.documents()
        #expect(kept.count == ReadingHistory.capacity)
        #expect(kept.first == Self.document(6) && kept.last == Self.document(30))
    }

    @Test("off deletes the file, text and all, and its lock")
    func offDeletesTheFile() throws {
        try history.turnOn()
        try history.record(Self.document(1))
        try history.turnOff()
        #expect(!history.isOn)
        let left = try FileManager.default.contentsOfDirectory(atPath: history.fileURL.deletingLastPathComponent().path)
        #expect(left.isEmpty, "left behind: \(left)")
        // Turning it on again starts empty: nothing was hidden to come back.
        try history.turnOn()
        #expect(try history.documents().isEmpty)
    }

    @Test func clearEmptiesButStaysOn() throws {
        try history.turnOn()
        try history.record(Self.document(1))
        try history.clear()
        #expect(history.isOn)
        #expect(try history.documents().isEmpty)
    }

    @Test("a damaged file is named with the reason and the way out")
    func aDamagedFileIsNamed() throws {
        try history.turnOn()
        try Data("{\"schema\": \"something else\"}".utf8).write(to: history.fileURL)
        #expect { try history.documents() } throws: { error in
            "\(error)".contains(history.fileURL.path) && "\(error)".contains("history off")
        }
    }

    /// A file cut short is not valid JSON, said with where, not "not a reading history".
    @Test func aFileCutShortIsNotValidJSON() throws {
        try history.turnOn()
        try Data("{\"schema\": \"sensebridge.reading-history/1\", \"documents\": [".utf8).write(to: history.fileURL)
        #expect { try history.documents() } throws: { error in
            "\(error)".contains("is not valid JSON (Unexpected end of file during JSON parse.); 'sensebridge history off' deletes it")
        }
    }
}
