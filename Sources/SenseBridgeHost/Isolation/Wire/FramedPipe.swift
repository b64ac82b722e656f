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

    /// Header and body leave in one `writev`, so the reader wakes once per message, not
    /// once for four bytes of length and again for the body.
    func send(_ body: [UInt8]) throws(Failure) {
        let header = withUnsafeBytes(of: UInt32(body.count).littleEndian) { Array($0) }
        writeLock.lock()
        defer { writeLock.unlock() }
        guard writeDescriptor >= 0 else { throw .closed }
        var sent = 0
        let total = header.count + body.count
        while sent < total {
            let written = header.withUnsafeBytes { head in
                body.withUnsafeBytes { rest -> Int in
                    var vectors: [iovec] = []
                    if sent < head.count {
                        vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress! + sent), iov_len: head.count - sent))
                    }
                    let bodyOffset = max(0, sent - head.count)
                    if bodyOffset < rest.count {
                        vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: rest.baseAddress! + bodyOffset),
                                             iov_len: rest.count - bodyOffset))
                    }
                    return writev(writeDescriptor, vectors, Int32(vectors.count))
                }
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw errno == EPIPE ? .closed : .io(errno)
            }
            sent += written
        }
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
