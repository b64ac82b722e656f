import Foundation

/// A recording read from its file one frame at a time, with the rules and messages of
/// `Recording.parse`: a 97-minute walk costs the memory of one line, not of the walk.
///
/// The file is read as it is when each line is reached. A file that changes while it is
/// read is read as changed: a line that turns bad is an error from `next()` naming the
/// file and the line, like any bad line; a file cut short ends early. After an error
/// every `next()` throws it again: the frames after a bad line are never handed out, as
/// a whole-file parse would not have handed out any.
public final class RecordingReader {
    /// Reading the file failed (not its content): `description` is the system's reason.
    public struct ReadFailure: Error, CustomStringConvertible {
        public var name: String
        public var reason: String
        public var description: String { "\(name): cannot be read (\(reason))" }
    }

    public let name: String
    private let lines: FileLineReader
    /// The read buffer's size, for tests of what streaming holds.
    var bufferSize: Int { lines.bufferSize }
    private var rules: RecordingLines
    private var failure: (any Error)?

    /// Opens the file; throws Foundation's error when it cannot be opened (so the caller
    /// can word it as reading a whole file did). `name` is used in messages only.
    public convenience init(contentsOf url: URL, name: String) throws {
        try self.init(contentsOf: url, name: name, bufferCapacity: 64 * 1024)
    }

    /// `bufferCapacity`: the read size, and the buffer's size until a longer line comes;
    /// tests and the recording fuzz target make it tiny so every line straddles reads.
    public init(contentsOf url: URL, name: String, bufferCapacity: Int) throws {
        self.name = name
        lines = FileLineReader(try FileHandle(forReadingFrom: url), capacity: bufferCapacity)
        rules = RecordingLines(name: name)
    }

    /// The next frame; nil at the end of the file. Throws `RecordingError` for a bad
    /// line and `ReadFailure` when the file cannot be read further.
    public func next() throws -> Recording.Frame? {
        if let failure { throw failure }
        do {
            while let line = try lines.nextLine() {
                if let frame = try rules.frame(fromLine: line, number: lines.lineNumber) { return frame }
            }
            return nil
        } catch let error as FileLineReader.ReadFailure {
            let failed = ReadFailure(name: name, reason: error.description)
            failure = failed
            throw failed
        } catch {
            failure = error
            throw error
        }
    }
}
