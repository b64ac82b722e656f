import Foundation

/// Splits a byte stream into the protocol's length-prefixed bodies. A body is read
/// straight into its own array (`read(from:)`), never staged in a buffer and copied out:
/// a 192 KiB depth frame costs the kernel's copy and no other.
struct FrameAccumulator {
    private var header: [UInt8] = []
    /// The body in progress, allocated whole once its length is known; only the first
    /// `filled` bytes have been written.
    private var body: [UInt8] = []
    private var filled = 0
    private var expected: Int?

    /// Takes bytes that were already read (the tests' way in).
    mutating func append(_ chunk: ArraySlice<UInt8>) throws(FramedPipe.Failure) -> [[UInt8]] {
        var bodies: [[UInt8]] = []
        var rest = chunk[...]
        repeat {
            let piece = rest.prefix(wanted)
            rest = rest.dropFirst(piece.count)
            if expected == nil {
                header.append(contentsOf: piece)
            } else if !piece.isEmpty {
                body.withUnsafeMutableBytes { out in
                    piece.withUnsafeBytes { out.baseAddress!.advanced(by: filled).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                }
                filled += piece.count
            }
            if let finished = try advance() { bodies.append(finished) }
        } while !rest.isEmpty || (expected == 0)
        return bodies
    }

    /// Reads from a non-blocking descriptor until it would block; false at EOF.
    mutating func read(from fd: Int32, into bodies: inout [[UInt8]]) throws(FramedPipe.Failure) -> Bool {
        while true {
            let take = wanted
            var count = 0
            if take > 0 {
                if expected == nil {
                    var bytes = [UInt8](repeating: 0, count: take)
                    count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, take) }
                    if count > 0 { header.append(contentsOf: bytes[0..<count]) }
                } else {
                    let at = filled
                    count = body.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + at, take) }
                    if count > 0 { filled += count }
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { return true }
                    throw .io(errno)
                }
                if count == 0 { return false }
            }
            if let finished = try advance() { bodies.append(finished) }
        }
    }

    /// Bytes still missing from the header or the body in progress.
    private var wanted: Int {
        guard let expected else { return 4 - header.count }
        return expected - filled
    }

    private mutating func advance() throws(FramedPipe.Failure) -> [UInt8]? {
        if expected == nil, header.count == 4 {
            let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
            guard length <= RunnerProtocol.maximumBodyBytes else { throw .tooLarge(length) }
            expected = length
            header.removeAll(keepingCapacity: true)
            // Not zeroed first: every byte is written by read() before `filled` covers it.
            body = [UInt8](unsafeUninitializedCapacity: length) { _, count in count = length }
            filled = 0
        }
        guard let expected, filled == expected else { return nil }
        self.expected = nil
        defer { body = [] }
        return body
    }
}
