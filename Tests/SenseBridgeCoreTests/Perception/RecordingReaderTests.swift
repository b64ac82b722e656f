import Foundation
import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Streaming a recording gives what parsing it whole gives: the same frames, and for a
/// bad file the same error on the same line, whatever the size of the read buffer.
@Suite("RecordingReader")
struct RecordingReaderTests {
    static let sample = RepositoryPaths.root.appendingPathComponent("samples/corridor.recording.jsonl")
    /// 16 bytes: every line straddles reads and the buffer grows; 64 KiB: the default.
    static let capacities = [16, 100, 4096, 64 * 1024]

    static func stream(_ url: URL, capacity: Int) throws -> [Recording.Frame] {
        let reader = try RecordingReader(contentsOf: url, name: url.lastPathComponent, bufferCapacity: capacity)
        var frames: [Recording.Frame] = []
        while let frame = try reader.next() { frames.append(frame) }
        // The end stays the end.
        #expect(try reader.next() == nil)
        return frames
    }

    static let mixed = [
        #"{"schema": "sensebridge.recording/1"}"#, "# a comment\r", "", "   ",
        #"{"time": 0, "records": [{"kind": "object", "label": "caf\u00e9", "confidence": 0.5}]}"# + "\r",
        #"{"time": 0.5, "depth": {"width": 2, "height": 2, "metres": [null, 1.5, 2, 3e0], "intrinsics": [1, 1, 0.5, 0.5]}}"#,
        "\t" + #"{"time": 1.25, "records": []}"# + "  ",
    ].joined(separator: "\n")

    @Test("the same frames as a whole-file parse", arguments: capacities)
    func sameFrames(capacity: Int) throws {
        let directory = try TemporaryDirectory()
        for (name, text) in [("mixed.jsonl", Self.mixed), ("mixed-newline.jsonl", Self.mixed + "\n"), ("empty.jsonl", ""), ("blank.jsonl", "\n\n")] {
            let file = try directory.write(name, text)
            #expect(try Self.stream(file, capacity: capacity) == Recording.parse(Data(text.utf8), name: name).frames,
                    "\(name)")
        }
        let sample = try Self.stream(Self.sample, capacity: capacity)
        #expect(try sample == Recording.parse(Data(contentsOf: Self.sample), name: "sample").frames)
        #expect(sample.count == 26, "13 depth frames, each followed by a detector pass")
    }

    static let bad = [
        #"{"time": 1, "records": []}"# + "\n" + #"{"time": 0.5, "records": []}"#,
        #"{"time": 0, "records": [{"kind": "object", "label": "chair", "confidence": 1.7}]}"#,
        #"{"time": 0, "depth": {"width": 2, "height": 2, "metres": [1, 2, 3]}}"#,
        "{not json", #"{"time": 0}"#, "[1]", #"{"time": 0, "records": [],}"#,
        #"{"time": 0, "records": []}"# + "\n# fine\n\n" + #"{"schema": "sensebridge.recording/1"}"#,
        "\n\n" + #"{"time": 0, "records": []}"# + "\n" + String(repeating: " ", count: 300) + #"{"time": -1, "records": []}"#,
    ]

    @Test("a bad line is the same error on the same line, and stays the error", arguments: bad)
    func sameError(text: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("bad.jsonl", text)
        var expected: RecordingError?
        do { _ = try Recording.parse(Data(text.utf8), name: "bad.jsonl") } catch let error as RecordingError { expected = error }
        #expect(expected != nil)
        for capacity in Self.capacities {
            let reader = try RecordingReader(contentsOf: file, name: "bad.jsonl", bufferCapacity: capacity)
            var thrown: RecordingError?
            do { while try reader.next() != nil {} } catch let error as RecordingError { thrown = error }
            #expect(thrown == expected, "capacity \(capacity)")
            #expect(throws: expected!) { try reader.next() }
        }
    }

    @Test("invalid UTF-8 is reported on its line")
    func invalidUTF8() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("bytes.jsonl")
        var bytes = Array((#"{"time": 0, "records": []}"# + "\n").utf8)
        bytes += [0x7B, 0xFF, 0x7D, 0x0A]
        try Data(bytes).write(to: file)
        let reader = try RecordingReader(contentsOf: file, name: "bytes.jsonl", bufferCapacity: 16)
        #expect(try reader.next() != nil)
        #expect(throws: RecordingError(name: "bytes.jsonl", line: 2, reason: "is not valid UTF-8")) { try reader.next() }
    }

    @Test("a file that changes while it is read is read as changed, its bad line named")
    func changedUnderTheReader() throws {
        let directory = try TemporaryDirectory()
        let good = #"{"time": 0, "records": []}"# + "\n"
        let file = try directory.write("live.jsonl", good)
        let reader = try RecordingReader(contentsOf: file, name: "live.jsonl", bufferCapacity: 16)
        #expect(try reader.next()?.time == 0)
        let handle = try FileHandle(forWritingTo: file)
        handle.seekToEndOfFile()
        handle.write(Data((#"{"time": 2, "records": []}"# + "\n" + #"{"time": 1, "records": []}"# + "\n").utf8))
        try handle.close()
        #expect(try reader.next()?.time == 2)
        #expect(throws: RecordingError(name: "live.jsonl", line: 3, reason: "time 1.0 is not after the previous frame's 2.0")) {
            try reader.next()
        }
    }

    @Test("a file that cannot be opened throws Foundation's error; one that cannot be read, a ReadFailure")
    func unreadable() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: (any Error).self) { try RecordingReader(contentsOf: directory.file("absent.jsonl"), name: "absent.jsonl") }
        let reader = try RecordingReader(contentsOf: directory.url, name: "dir")
        do {
            _ = try reader.next()
            Issue.record("a directory read as a recording")
        } catch let failure as RecordingReader.ReadFailure {
            #expect(failure.description == "dir: cannot be read (Is a directory)")
        }
    }

    @Test("memory is the longest line, not the file: 2,000 depth frames through one small buffer", arguments: [16, 4096])
    func longRecording(capacity: Int) throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("long.jsonl")
        try #require(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        let metres = (0..<768).map { $0 % 37 == 0 ? "null" : "1.5" }.joined(separator: ",")
        var longest = 0
        for index in 0..<2_000 {
            let line = #"{"time":\#(Double(index) * 0.75),"depth":{"width":32,"height":24,"metres":[\#(metres)]}}"# + "\n"
            longest = max(longest, line.utf8.count)
            handle.write(Data(line.utf8))
        }
        try handle.close()
        let reader = try RecordingReader(contentsOf: file, name: "long.jsonl", bufferCapacity: capacity)
        var count = 0
        while let frame = try reader.next() {
            guard case .depth(let map) = frame.content else { Issue.record("not depth"); break }
            #expect(map.metres.count == 768)
            count += 1
        }
        #expect(count == 2_000)
        #expect(reader.bufferSize <= max(capacity, 2 * longest), "\(reader.bufferSize) bytes for lines of \(longest)")
    }
}
