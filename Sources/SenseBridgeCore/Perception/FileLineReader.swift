import Foundation

/// The lines of a file, read with read(2) into one buffer, so memory stays the size of
/// the longest line however long the file is.
///
/// The buffer starts at `capacity` and grows only for a line longer than it (a large
/// depth frame); it never holds more than one line plus one read ahead. Lines follow
/// `split(separator: 0x0A, omittingEmptySubsequences: false)`: the text after the last
/// "\n" is a line too, even when empty, so line numbers match a whole-file parse.
final class FileLineReader {
    struct ReadFailure: Error, CustomStringConvertible {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    /// Owns the descriptor: it is closed when the handle goes.
    private let handle: FileHandle
    private var buffer: UnsafeMutableRawBufferPointer
    /// Unread bytes are `start..<end`; no "\n" lies in `start..<scanned`.
    private var start = 0
    private var end = 0
    private var scanned = 0
    private var reachedEnd = false
    private var finished = false
    /// The 1-based number of the line last returned.
    private(set) var lineNumber = 0
    /// Bytes held: the capacity asked for, or twice the longest line if that is more.
    var bufferSize: Int { buffer.count }

    init(_ handle: FileHandle, capacity: Int = 64 * 1024) {
        self.handle = handle
        buffer = .allocate(byteCount: max(capacity, 16), alignment: 8)
    }

    deinit {
        buffer.deallocate()
    }

    /// The next line without its "\n", valid until the next call; nil after the last.
    func nextLine() throws(ReadFailure) -> UnsafeRawBufferPointer? {
        guard !finished else { return nil }
        while true {
            if let found = memchr(buffer.baseAddress! + scanned, 0x0A, end - scanned) {
                let newline = UnsafeMutableRawPointer(found) - buffer.baseAddress!
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<newline])
                start = newline + 1
                scanned = start
                lineNumber += 1
                return line
            }
            scanned = end
            if reachedEnd {
                finished = true
                lineNumber += 1
                return UnsafeRawBufferPointer(rebasing: buffer[start..<end])
            }
            try fill()
        }
    }

    /// Moves the unread bytes to the front, grows the buffer if they fill it, and reads.
    private func fill() throws(ReadFailure) {
        if start > 0 {
            let unread = end - start
            if unread > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: unread) }
            end = unread
            scanned -= start
            start = 0
        }
        if end == buffer.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 8)
            larger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: end)
            buffer.deallocate()
            buffer = larger
        }
        while true {
            let count = read(handle.fileDescriptor, buffer.baseAddress! + end, buffer.count - end)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw ReadFailure(code: errno) }
            if count == 0 { reachedEnd = true } else { end += count }
            return
        }
    }
}
