import Foundation

/// Builds one message body of the runner protocol: little-endian integers, IEEE
/// floats, and byte strings with a 32-bit length in front.
///
/// Fixed-width binary, not JSON, because a depth frame crosses the pipe every 33 ms and
/// must cost a copy, not a parse; and because a format with no escaping has no escaping
/// to get wrong in the decoder that reads what an untrusted process wrote.
struct WireWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 64) {
        bytes.reserveCapacity(capacity)
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

    /// Floats in one copy: the body of a depth frame.
    mutating func floats(_ values: [Float]) {
        count(values.count)
        values.withUnsafeBytes { raw in
            if UInt32(1).littleEndian == 1 {
                bytes.append(contentsOf: raw)
            } else {
                for value in values { f32(value) }
            }
        }
    }

    mutating func optional<T>(_ value: T?, _ write: (inout WireWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }
}
