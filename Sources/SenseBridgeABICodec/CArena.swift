import Foundation

/// C memory handed across the boundary and kept alive until the owner's next call
/// (or deinit): the header's "valid until the next [instance-thread] call" rule, in
/// one type used by whichever side owns the outputs.
public final class CArena {
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var buffers: [UnsafeMutableRawPointer] = []
    private var owners: [AnyObject] = []

    public init() {}

    /// A NUL-terminated copy of `text`.
    public func string(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        strings.append(copy)
        return UnsafePointer(copy)
    }

    /// A copy of `values`; NULL for an empty array, as the header allows with a zero count.
    public func array<T>(_ values: [T]) -> UnsafePointer<T>? {
        guard !values.isEmpty else { return nil }
        let buffer = UnsafeMutablePointer<T>.allocate(capacity: values.count)
        buffer.initialize(from: values, count: values.count)
        buffers.append(UnsafeMutableRawPointer(buffer))
        return UnsafePointer(buffer)
    }

    /// Keeps an object that owns C memory (a record array) alive as long as the arena's contents.
    public func keep(_ owner: AnyObject) {
        owners.append(owner)
    }

    /// Frees what the previous call handed out. Only trivial C types are stored.
    public func reset() {
        strings.forEach { free($0) }
        buffers.forEach { $0.deallocate() }
        strings.removeAll(keepingCapacity: true)
        buffers.removeAll(keepingCapacity: true)
        owners.removeAll(keepingCapacity: true)
    }

    deinit { reset() }
}
