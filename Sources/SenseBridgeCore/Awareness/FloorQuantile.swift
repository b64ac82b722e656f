/// The exact k-th lowest sample height, in time linear in the number of samples.
///
/// The floor level is a low quantile of every usable height in the frame. Sorting them
/// all cost two thirds of a frame's reduction, for one value; a selection that narrows
/// a histogram finds the same value exactly, so the reduction's answer does not depend
/// on how the quantile was found.
///
/// Heights are turned into keys whose unsigned order is the floats' order. Each round
/// counts the candidates into at most 1,024 bins spanning the keys still possible,
/// keeps only the bin holding the k-th, and stops when one value or a handful remain:
/// at most four rounds, since each narrows the key range by ten bits. The counts go
/// into four interleaved tables because a floor puts long runs of samples in one bin,
/// and incrementing one counter back to back waits on the previous store every time.
///
/// Holds its tables between frames so a frame allocates nothing.
struct FloorQuantile {
    private static let binBits = 10
    private static let binCount = 1 << binBits
    private static let smallEnoughToSort = 24
    private var tables = [UInt32](repeating: 0, count: 4 * binCount)

    /// Maps a height to a key with the same order (for any non-NaN float).
    @inline(__always)
    static func key(_ height: Float) -> UInt32 {
        let bits = height.bitPattern
        return bits & 0x8000_0000 != 0 ? ~bits : bits | 0x8000_0000
    }

    @inline(__always)
    static func height(_ key: UInt32) -> Float {
        Float(bitPattern: key & 0x8000_0000 != 0 ? key & 0x7FFF_FFFF : ~key)
    }

    /// The k-th lowest (0-based) of `keys[0..<count]`, whose extremes are `lowest` and
    /// `highest`. Reorders and overwrites `keys`.
    mutating func kthLowest(_ rank: Int, of keys: UnsafeMutablePointer<UInt32>, count: Int,
                            lowest: UInt32, highest: UInt32) -> UInt32 {
        precondition(rank >= 0 && rank < count, "the rank must name one of the keys")
        var k = rank, n = count, low = lowest, high = highest
        while true {
            if low == high { return low }
            if n <= Self.smallEnoughToSort { return Self.sortedSmall(keys, count: n)[k] }
            let span = high - low
            let shift = max(0, (UInt32.bitWidth - span.leadingZeroBitCount) - Self.binBits)
            let bins = Int(span >> UInt32(shift)) + 1
            let (bin, below) = countAndFind(k, keys: keys, count: n, low: low, shift: shift, bins: bins)
            k -= below
            let binLow = low + UInt32(bin) << UInt32(shift)
            if shift == 0 { return binLow }
            let width = (UInt32(1) << UInt32(shift)) - 1
            let binHigh = high - binLow < width ? high : binLow + width
            // Keep the bin's keys, and their true extremes for the next round.
            var kept = 0, keptLow = UInt32.max, keptHigh = UInt32.min
            for index in 0..<n {
                let key = keys[index]
                if key >= binLow && key <= binHigh {
                    keys[kept] = key
                    kept += 1
                    keptLow = min(keptLow, key)
                    keptHigh = max(keptHigh, key)
                }
            }
            n = kept
            low = keptLow
            high = keptHigh
        }
    }

    /// Counts the keys into bins of `1 << shift` from `low`, and returns the bin holding
    /// the k-th with how many keys lie in the bins below it.
    private mutating func countAndFind(_ k: Int, keys: UnsafeMutablePointer<UInt32>, count n: Int, low: UInt32,
                                       shift: Int, bins: Int) -> (bin: Int, below: Int) {
        tables.withUnsafeMutableBufferPointer { tables in
            let t = tables.baseAddress!, stride = Self.binCount, s = UInt32(shift)
            for table in 0..<4 { (t + table * stride).update(repeating: 0, count: bins) }
            var index = 0
            while index + 4 <= n {
                t[Int((keys[index] - low) >> s)] += 1
                t[stride + Int((keys[index + 1] - low) >> s)] += 1
                t[2 * stride + Int((keys[index + 2] - low) >> s)] += 1
                t[3 * stride + Int((keys[index + 3] - low) >> s)] += 1
                index += 4
            }
            while index < n {
                t[Int((keys[index] - low) >> s)] += 1
                index += 1
            }
            var below = 0
            for bin in 0..<bins {
                let inBin = Int(t[bin] + t[stride + bin] + t[2 * stride + bin] + t[3 * stride + bin])
                if below + inBin > k { return (bin, below) }
                below += inBin
            }
            preconditionFailure("the rank lies beyond the keys counted")
        }
    }

    private static func sortedSmall(_ keys: UnsafeMutablePointer<UInt32>, count: Int) -> UnsafeMutablePointer<UInt32> {
        for index in 1..<max(1, count) {
            let key = keys[index]
            var slot = index
            while slot > 0 && keys[slot - 1] > key {
                keys[slot] = keys[slot - 1]
                slot -= 1
            }
            keys[slot] = key
        }
        return keys
    }
}
