import Foundation

/// Length-prefixed messages over a pair of pipe descriptors.
///
/// Writes are serialised by a lock, because cancel and interrupt are sent from other
/// threads while a request is in flight, and two writers interleaving their bytes would
/// be exactly the garbage the reader refuses. Reads happen on one thread only.
/// Unchecked Sendable: `writeLock` guards every write; reads are made by one thread.
public final class FramedPipe: @unchecked Sendable {
    public let readDescriptor: Int32
    private var writeDescriptor: Int32
    private let writeLock = NSLock()

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The other side closed its end: it exited, or crashed.
        case closed
        case tooLarge(Int)
        case io(Int32)

        public var description: String {
            switch self {
            case .closed: return "the pipe was closed"
            case .tooLarge(let bytes): return "a message claims \(bytes) bytes, more than the protocol allows"
            case .io(let code): return "the pipe failed (\(String(cString: strerror(code))))"
            }
        }
    }

    public init(read: Int32, write: Int32) {
        readDescriptor = read
        writeDescriptor = write
    }

    func send(_ body: [UInt8]) throws(Failure) {
        var frame = WireWriter(capacity: body.count + 4)
        frame.u32(UInt32(body.count))
        writeLock.lock()
        defer { writeLock.unlock() }
        guard writeDescriptor >= 0 else { throw .closed }
        try writeAll(frame.bytes)
        try writeAll(body)
    }

    /// Blocks until one whole message arrived.
    func receive(maximumBytes: Int = RunnerProtocol.maximumBodyBytes) throws(Failure) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 4)
        try readAll(&header)
        var reader = WireReader(header)
        let length = Int((try? reader.u32()) ?? 0)
        guard length <= maximumBytes else { throw .tooLarge(length) }
        var body = [UInt8](repeating: 0, count: length)
        try readAll(&body)
        return body
    }

    private func writeAll(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in Glibc.write(writeDescriptor, raw.baseAddress! + offset, raw.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE ? .closed : .io(errno)
            }
            offset += written
        }
    }

    private func readAll(_ buffer: inout [UInt8]) throws(Failure) {
        var offset = 0
        let total = buffer.count
        while offset < total {
            let count = buffer.withUnsafeMutableBytes { raw in Glibc.read(readDescriptor, raw.baseAddress! + offset, total - offset) }
            if count == 0 { throw .closed }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io(errno)
            }
            offset += count
        }
    }

    /// Closes the sending end once. Under the write lock, so a cancel sent from another
    /// thread afterwards fails cleanly instead of writing into whatever file reuses the
    /// descriptor number.
    public func closeWriteEnd() {
        writeLock.lock()
        defer { writeLock.unlock() }
        guard writeDescriptor >= 0 else { return }
        Glibc.close(writeDescriptor)
        writeDescriptor = -1
    }
}
