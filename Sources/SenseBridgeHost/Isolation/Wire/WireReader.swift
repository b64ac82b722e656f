import Foundation

/// Reads one message body that another process wrote, and trusts none of it: every
/// read is bounds-checked and every count is checked against what remains before
/// anything is allocated, so a hostile length cannot make the host reserve gigabytes.
struct WireReader {
    private let bytes: [UInt8]
    private var offset = 0
    /// The writer's half of the connection's ring, where its blocks may lie; nil: a
    /// connection without one, where a block in a ring is refused.
    private let ring: RingRegion?
    /// Slots the reader still owns, which no block may overlap.
    private let inUse: [RingSlot]
    /// The slots this message named, now the reader's too.
    private(set) var named: [RingSlot] = []

    init(_ bytes: [UInt8], ring: RingRegion? = nil, inUse: [RingSlot] = []) {
        self.bytes = bytes
        self.ring = ring
        self.inUse = inUse
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

    /// A block (`WireWriter.block`) of at most `limit` floats, copied into the host's own
    /// array before anything reads a value: a runner can go on writing its ring, so a
    /// value checked in place could change after the check.
    mutating func floatBlock(limit: Int) throws(WireError) -> [Float] {
        try block(limitBytes: limit * 4, unit: 4) { raw, inline in
            let values = Self.copied(raw, as: Float.self)
            guard inline, UInt32(1).littleEndian != 1 else { return values }
            return values.map { Float(bitPattern: UInt32(littleEndian: $0.bitPattern)) }
        }
    }

    /// A block of at most `limit` bytes, copied as `floatBlock`'s is.
    mutating func byteBlock(limit: Int) throws(WireError) -> [UInt8] {
        try block(limitBytes: limit, unit: 1) { raw, _ in Self.copied(raw, as: UInt8.self) }
    }

    /// One memcpy (Array(raw) copies a byte at a time: 900 µs for a 640x480 RGB picture).
    private static func copied<T>(_ raw: UnsafeRawBufferPointer, as _: T.Type) -> [T] {
        let count = raw.count / MemoryLayout<T>.stride
        return [T](unsafeUninitializedCapacity: count) { out, initialized in
            if count > 0 { UnsafeMutableRawPointer(out.baseAddress!).copyMemory(from: raw.baseAddress!, byteCount: count * MemoryLayout<T>.stride) }
            initialized = count
        }
    }

    private mutating func block<T>(limitBytes: Int, unit: Int, _ copy: (UnsafeRawBufferPointer, _ inline: Bool) -> T) throws(WireError) -> T {
        switch try u8() {
        case WireWriter.inline:
            let length = try count(limit: limitBytes)
            guard length % unit == 0 else { throw .invalid("a block of \(length) bytes is not whole \(unit)-byte values") }
            let slice = try take(length)
            return slice.withUnsafeBytes { copy($0, true) }
        case WireWriter.inRing:
            let slot = RingSlot(offset: Int(try u32()), length: Int(try u32()))
            guard let ring else { throw .invalid("a block lies in a ring this connection does not have") }
            guard slot.length <= limitBytes else { throw .invalid("a ring block of \(slot.length) bytes is over the limit of \(limitBytes)") }
            guard slot.length % unit == 0 else { throw .invalid("a ring block of \(slot.length) bytes is not whole \(unit)-byte values") }
            try RingBounds.check(slot, within: ring.bounds, inUse: inUse + named)
            named.append(slot)
            return copy(UnsafeRawBufferPointer(start: ring.base + slot.offset, count: slot.length), false)
        case let other:
            throw .invalid("block placement \(other) is unknown")
        }
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
