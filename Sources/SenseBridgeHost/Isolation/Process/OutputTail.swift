import Foundation

/// The last bytes a child wrote, and how many it wrote in all: the harness's check
/// children and the host's plugin runners.
///
/// A plugin that floods its output must not grow the host's memory with it, and
/// the end of the output is what explains a crash, so only a tail is kept.
public struct OutputTail: Sendable, Equatable {
    public let capacity: Int
    public private(set) var totalBytes = 0
    private var bytes: [UInt8] = []

    public init(capacity: Int = 64 * 1024) {
        precondition(capacity > 0, "OutputTail needs a positive capacity")
        self.capacity = capacity
    }

    public mutating func append<C: Collection>(_ chunk: C) where C.Element == UInt8 {
        totalBytes += chunk.count
        bytes.append(contentsOf: chunk)
        // Trimming at twice the capacity keeps appends amortised O(1).
        if bytes.count > capacity * 2 { bytes.removeFirst(bytes.count - capacity) }
    }

    /// The kept bytes, at most `capacity` of them.
    public var kept: [UInt8] { Array(bytes.suffix(capacity)) }

    public var droppedBytes: Int { totalBytes - kept.count }

    /// The last `lines` lines, at most `maxBytes` long, decoded leniently (a plugin's
    /// output may be anything) and marked when the start was cut.
    public func lastLines(_ lines: Int = 12, maxBytes: Int = 2048) -> String {
        var tail = ArraySlice(kept)
        while tail.last == UInt8(ascii: "\n") { tail.removeLast() }
        var newlines = 0
        var start = tail.endIndex
        while start > tail.startIndex {
            let previous = tail.index(before: start)
            if tail[previous] == UInt8(ascii: "\n") {
                newlines += 1
                if newlines == lines { break }
            }
            start = previous
        }
        var selected = tail[start...]
        var cut = start > tail.startIndex || droppedBytes > 0
        if selected.count > maxBytes {
            selected = selected.suffix(maxBytes)
            cut = true
        }
        let text = String(decoding: selected, as: UTF8.self)
        return cut && !text.isEmpty ? "…" + text : text
    }
}
