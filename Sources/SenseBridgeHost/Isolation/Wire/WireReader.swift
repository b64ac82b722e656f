import Foundation

/// Reads one message body that another process wrote, and trusts none of it: every
/// read is bounds-checked and every count is checked against what remains before
/// anything is allocated, so a hostile length cannot make the host reserve gigabytes.
struct WireReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    private mutating func take(_ count: Int) throws(WireError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw .truncated }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func u8() throws(WireError) -> UInt8 { try take(1).first! }

    mutating func bool() throws(WireError) -> Bool {
        switch try u8() {
        case 0: return false
        case 1: return true
        default: throw .invalid("a boolean is neither 0 nor 1")
        }
    }

    mutating func u32() throws(WireError) -> UInt32 {
        let slice = try take(4)
        var value: UInt32 = 0
        for (shift, byte) in slice.enumerated() { value |= UInt32(byte) << (8 * shift) }
        return value
    }

    mutating func u64() throws(WireError) -> UInt64 {
        let slice = try take(8)
        var value: UInt64 = 0
        for (shift, byte) in slice.enumerated() { value |= UInt64(byte) << (8 * shift) }
        return value
    }

    mutating func i32() throws(WireError) -> Int32 { Int32(bitPattern: try u32()) }
    mutating func f64() throws(WireError) -> Double { Double(bitPattern: try u64()) }
    mutating func f32() throws(WireError) -> Float { Float(bitPattern: try u32()) }

    /// A count of items each at least `minimumItemBytes` long, so the count alone can
    /// never claim more than the message holds.
    mutating func count(minimumItemBytes: Int = 1, limit: Int) throws(WireError) -> Int {
        let value = Int(try u32())
        guard value <= limit else { throw .invalid("a count of \(value) is over the limit of \(limit)") }
        guard value * max(1, minimumItemBytes) <= remaining else { throw .truncated }
        return value
    }

    mutating func data(limit: Int) throws(WireError) -> [UInt8] {
        let length = try count(limit: limit)
        return Array(try take(length))
    }

    mutating func string(limit: Int) throws(WireError) -> String {
        let raw = try data(limit: limit)
        guard let text = String(validating: raw, as: UTF8.self) else { throw .invalid("a string is not UTF-8") }
        return text
    }

    mutating func floats(limit: Int) throws(WireError) -> [Float] {
        let length = try count(minimumItemBytes: 4, limit: limit)
        let slice = try take(length * 4)
        var values = [Float](repeating: 0, count: length)
        values.withUnsafeMutableBytes { out in
            slice.withUnsafeBytes { out.copyMemory(from: $0) }
        }
        if UInt32(1).littleEndian != 1 {
            values = values.map { Float(bitPattern: UInt32(littleEndian: $0.bitPattern)) }
        }
        return values
    }

    mutating func optional<T>(_ read: (inout WireReader) throws(WireError) -> T) throws(WireError) -> T? {
        try bool() ? try read(&self) : nil
    }

    /// A message with bytes left over was not written by this protocol's encoder.
    func finish() throws(WireError) {
        guard remaining == 0 else { throw .invalid("\(remaining) bytes follow the end of the message") }
    }
}

/// Why bytes from the other process could not be read as a message. Says where the
/// shape broke, never what the bytes held (they may be a phrase or a label).
public enum WireError: Error, Equatable, Sendable, CustomStringConvertible {
    case truncated
    case invalid(String)

    public var description: String {
        switch self {
        case .truncated: return "a message ends before its fields do"
        case .invalid(let reason): return reason
        }
    }
}
