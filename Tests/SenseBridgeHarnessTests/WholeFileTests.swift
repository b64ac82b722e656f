import Foundation
import SenseBridgeProcess
import SenseBridgeTesting
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

    @Test("what cannot be read is Foundation's error, in the words users already see")
    func aMissingFileIsFoundationsError() {
        let url = directory.file("absent")
        #expect(WholeFile.read(url.path) == nil)
        #expect(throws: CocoaError.self) { try WholeFile.contents(of: url) }
    }
}
