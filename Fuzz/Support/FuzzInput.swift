import Foundation

/// The bytes of one libFuzzer input, read from the front as the choices a target makes
/// (which locale, which shape, how many records) and then as the rest. Running out is
/// never an error: a choice past the end reads as zero, so every input is a valid run.
public struct FuzzInput {
    public private(set) var bytes: ArraySlice<UInt8>

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { ArraySlice(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    public init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    public var isEmpty: Bool { bytes.isEmpty }

    public mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    /// A choice among `count` options.
    public mutating func choose(_ count: Int) -> Int { count <= 1 ? 0 : Int(byte()) % count }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Up to `maximum` bytes, the length itself one of the input's bytes.
    public mutating func chunk(maximum: Int = 255) -> [UInt8] {
        let length = min(Int(byte()), maximum, bytes.count)
        defer { bytes.removeFirst(length) }
        return Array(bytes.prefix(length))
    }

    /// The bytes not yet read.
    public mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }

    public mutating func restData() -> Data { Data(rest()) }
}
