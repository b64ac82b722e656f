import Foundation

/// Builds one message body of the runner protocol: little-endian integers, IEEE
/// floats, and byte strings with a 32-bit length in front.
///
/// Fixed-width binary, not JSON, because a depth frame crosses the pipe every 33 ms and
/// must cost a copy, not a parse; and because a format with no escaping has no escaping
/// to get wrong in the decoder that reads what an untrusted process wrote.
struct WireWriter {
    private(set) var bytes: [UInt8] = []
    /// This writer's half of the connection's `FrameRing`, where blocks go; nil: on the pipe.
    private let ring: RingRegion?
    /// Where the next block goes in `ring`: every message starts at the start of its
    /// writer's half, since the reader has released whatever the previous one named.
    private var ringCursor: Int

    init(capacity: Int = 64, ring: RingRegion? = nil) {
        bytes.reserveCapacity(capacity)
        self.ring = ring
        ringCursor = ring?.bounds.lowerBound ?? 0
    }

    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func u32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func u64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func i32(_ value: Int32) { u32(UInt32(bitPattern: value)) }
    mutating func f64(_ value: Double) { u64(value.bitPattern) }
    mutating func f32(_ value: Float) { u32(value.bitPattern) }

    mutating func count(_ value: Int) { u32(UInt32(clamping: value)) }

    mutating func data(_ value: some Collection<UInt8>) {
        count(value.count)
        bytes.append(contentsOf: value)
    }

    mutating func string(_ value: String) { data(Array(value.utf8)) }

    /// A frame's samples or pixels: copied once into the ring, the pipe carrying only
    /// the slot (`[u8 1][u32 offset][u32 length]`), or inline (`[u8 0][u32 length][bytes]`)
    /// when the connection has no ring or the block does not fit in this writer's half
    /// (a camera larger than the ring was sized for still works, at the pipe's cost).
    /// Ring blocks are in this machine's byte order: both processes run on it.
    mutating func block(_ raw: UnsafeRawBufferPointer) {
        if fitsInRing(raw.count), let ring {
            if raw.count > 0 { (ring.base + ringCursor).copyMemory(from: raw.baseAddress!, byteCount: raw.count) }
            u8(Self.inRing)
            u32(UInt32(ringCursor))
            u32(UInt32(raw.count))
            // Cache-line aligned, so a second block never shares a line with the first.
            ringCursor += (raw.count + 63) & ~63
            return
        }
        u8(Self.inline)
        count(raw.count)
        bytes.append(contentsOf: raw)
    }

    private func fitsInRing(_ count: Int) -> Bool {
        guard let ring else { return false }
        return count <= ring.bounds.upperBound - ringCursor
    }

    /// Floats as a block; inline they are little-endian, as every number on the pipe.
    mutating func block(_ values: [Float]) {
        if UInt32(1).littleEndian == 1 || fitsInRing(values.count * 4) {
            values.withUnsafeBytes { block($0) }
        } else {
            values.map(\.bitPattern.littleEndian).withUnsafeBytes { block($0) }
        }
    }

    mutating func block(_ values: [UInt8]) {
        values.withUnsafeBytes { block($0) }
    }

    static let inline: UInt8 = 0
    static let inRing: UInt8 = 1

    mutating func optional<T>(_ value: T?, _ write: (inout WireWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }
}
