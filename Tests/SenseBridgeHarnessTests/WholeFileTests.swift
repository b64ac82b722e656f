import Foundation
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing

/// `WholeFile` reads what Foundation's readers read, without their 4 KiB loss on an
/// empty file (found by LeakSanitizer, which `make sanitize` runs these under).
@Suite struct WholeFileTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test func anEmptyFileIsEmptyBytes() throws {
        let path = directory.file("empty").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(WholeFile.read(path) == Data())
        #expect(try WholeFile.contents(of: URL(fileURLWithPath: path)) == Data())
    }

    @Test("a file larger than one read is read whole")
    func aLargeFileIsReadWhole() throws {
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let path = directory.file("large").path
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(WholeFile.read(path) == bytes)
    }

    @Test("a /proc file whose size says 0 is read to its end")
    func aProcFileIsReadToItsEnd() throws {
        let command = try #require(WholeFile.read("/proc/self/cmdline"))
        let first = String(decoding: command.split(separator: 0).first ?? [], as: UTF8.self)
        #expect(first == CommandLine.arguments[0])
        let environment = try #require(WholeFile.read("/proc/self/environ"))
        #expect(environment.count > 4096 || environment.split(separator: 0).count == ProcessInfo.processInfo.environment.count)
    }

    @Test func aLimitRefusesALargerFile() throws {
        let path = directory.file("ten").path
        try Data(repeating: 7, count: 10).write(to: URL(fileURLWithPath: path))
        #expect(WholeFile.read(path, limit: 10) == Data(repeating: 7, count: 10))
        #expect(WholeFile.read(path, limit: 9) == nil)
        // /proc says 0 bytes; the limit holds on what is actually read.
        #expect(WholeFile.read("/proc/self/environ", limit: 1) == nil)
    }

    @Test func regularOnlyRefusesADirectory() {
        #expect(WholeFile.read(directory.url.path, regularOnly: true) == nil)
        #expect(WholeFile.read("/proc/self/cmdline", regularOnly: true) != nil)
    }

    @Test("what cannot be read says what is wrong, naming the file: missing, a directory, not permitted")
    func whatCannotBeReadSaysWhy() throws {
        let absent = directory.file("absent")
        #expect(WholeFile.read(absent.path) == nil)
        #expect(throws: UnreadableFile(path: absent.path, reason: .missing)) { try WholeFile.contents(of: absent) }
        #expect(throws: UnreadableFile(path: absent.path, reason: .missing)) { try WholeFile.checkReadable(absent.path, directoryAllowed: true) }
        // A part of the path that is not a directory names nothing either.
        let file = directory.file("file")
        try Data("x".utf8).write(to: file)
        let beyond = file.appendingPathComponent("x")
        #expect(throws: UnreadableFile(path: beyond.path, reason: .missing)) { try WholeFile.contents(of: beyond) }
        #expect(throws: UnreadableFile(path: directory.url.path, reason: .directory)) { try WholeFile.contents(of: directory.url) }
        #expect(throws: UnreadableFile(path: directory.url.path, reason: .directory)) {
            try WholeFile.checkReadable(directory.url.path, directoryAllowed: false)
        }
        #expect(try WholeFile.checkReadable(directory.url.path, directoryAllowed: true))
        #expect(try !WholeFile.checkReadable(file.path, directoryAllowed: true))
    }

    @Test("each reason in words a person acts on; root reads every file, so a permission is checked by its errno")
    func reasonsInWords() {
        #expect(UnreadableFile(path: "p", errno: EACCES).reason == .permissionDenied)
        #expect(UnreadableFile(path: "p", errno: EISDIR).reason == .directory)
        #expect(UnreadableFile(path: "p", errno: ENOENT).description == "p: cannot be read (it does not exist).")
        #expect(UnreadableFile(path: "p", errno: EACCES).description == "p: cannot be read (permission denied: you may not read it).")
        #expect(UnreadableFile(path: "p", errno: EISDIR).description == "p: cannot be read (it is a directory, not a file).")
        #expect(UnreadableFile(path: "p", errno: EIO).description == "p: cannot be read (Input/output error).")
    }
}
