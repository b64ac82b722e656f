/// The exact k-th lowest sample height, in time linear in the number of samples.
///
/// The floor level is a low quantile of every usable floor height in the frame (a
/// sample's world height plus its allowance for distance, `DepthReduction`). Sorting them
/// all cost two thirds of a frame's reduction, for one value; a selection that narrows
/// a histogram finds the same value exactly, so the reduction's answer does not depend
/// on how the quantile was found.
///
/// Each round counts the candidates into 1,024 bins of equal height between the lowest
/// and the highest still possible, and keeps only the bin holding the k-th: on a real
/// frame two rounds leave a handful, which are sorted. Should a round keep them all
/// (heights equal to the last bit, as a simulated floor gives), the rest is done on
/// keys whose unsigned order is the floats' order, ten bits a round, so the answer is
/// exact whatever the heights. Bins are computed eight at a time and the candidates
/// sought eight at a time; only the counting is one by one, into four interleaved
/// tables, because a floor puts long runs of samples in one bin and incrementing one
/// counter back to back waits on the previous store.
///
/// Holds its tables between frames so a frame allocates nothing; one belongs to one
/// thread, like the `DepthReducer` that owns it.
final class FloorQuantile {
    private static let binBits = 10
    private static let binCount = 1 << binBits
    private static let smallEnoughToSort = 24
    private let tables = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * binCount)
    /// Scratch sized by the largest frame: each sample's bin, the candidates of two
    /// rounds (one read while the other is written), and keys for the exact finish.
    private var binOfSample = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private var kept = [UnsafeMutablePointer<Float>.allocate(capacity: 1), .allocate(capacity: 1)]
    private var keys = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private var capacity = 1

    init() {}

    deinit {
        tables.deallocate()
        binOfSample.deallocate()
        kept.forEach { $0.deallocate() }
        keys.deallocate()
    }

    /// The k-th lowest (0-based) of the usable heights among `heights[0..<count]`, where
    /// `unusable` of them are −∞ (no reading) and the rest are finite, between `lowest`
    /// and `highest`.
    func kthLowest(_ rank: Int, of heights: UnsafePointer<Float>, count: Int, unusable: Int,
                   lowest: Float, highest: Float) -> Float {
        precondition(rank >= 0 && rank < count - unusable, "the rank must name one of the usable heights")
        reserve(count)
        var source = heights, n = count, k = rank, skipped = unusable, low = lowest, high = highest
        for round in 0..<2 {
            if low == high { return low }
            if n - skipped <= Self.smallEnoughToSort { break }
            let scale = Float(Self.binCount) / (high - low)
            guard scale.isFinite && scale > 0 else { break }
            let (chosen, below) = countIntoBins(source, count: n, skipping: skipped, rank: k, low: low, scale: scale)
            // The unusable are all in bin 0, below every usable height.
            k = k + skipped - below - (chosen == 0 ? skipped : 0)
            let found = gather(source, count: n, inBin: chosen, into: kept[round])
            if found.count == n - skipped { break }  // no narrower: finish on keys
            source = UnsafePointer(kept[round])
            n = found.count
            skipped = 0
            low = found.lowest
            high = found.highest
        }
        var usable = 0
        for index in 0..<n where source[index] != -.infinity {
            keys[usable] = Self.key(source[index])
            usable += 1
        }
        return Self.height(kthLowest(k, ofKeys: keys, count: usable, lowest: Self.key(low), highest: Self.key(high)))
    }

    private func reserve(_ count: Int) {
        guard capacity < count else { return }
        binOfSample.deallocate()
        kept.forEach { $0.deallocate() }
        keys.deallocate()
        binOfSample = .allocate(capacity: count)
        kept = [.allocate(capacity: count), .allocate(capacity: count)]
        keys = .allocate(capacity: count)
        capacity = count
    }

    /// Bins every height, eight at a time, from the mantissa of 2²³ + (height − low) ·
    /// scale: rounded rather than truncated but as monotonic, and without the checks an
    /// Int(Float) conversion makes; −∞ lands in bin 0. Then counts them and returns the
    /// bin holding the k-th usable height, with how many lie in the bins below it.
    private func countIntoBins(_ heights: UnsafePointer<Float>, count: Int, skipping unusable: Int, rank: Int,
                               low: Float, scale: Float) -> (bin: Int, below: Int) {
        let bins = UnsafeMutableRawPointer(binOfSample), raw = UnsafeRawPointer(heights)
        let last = SIMD8<UInt32>(repeating: UInt32(Self.binCount - 1))
        var index = 0
        while index + 8 <= count {
            let shifted = (raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self) - low) * scale + 8_388_608
            let bin = unsafeBitCast(shifted, to: SIMD8<UInt32>.self) & 0x7F_FFFF
            bins.storeBytes(of: bin.replacing(with: last, where: bin .> last), toByteOffset: index * 4, as: SIMD8<UInt32>.self)
            index += 8
        }
        while index < count {
            binOfSample[index] = min(UInt32(Self.binCount - 1), ((heights[index] - low) * scale + 8_388_608).bitPattern & 0x7F_FFFF)
            index += 1
        }
        let binOf = binOfSample
        return countAndFind(rank + unusable, count: count, bins: Self.binCount) { Int(binOf[$0]) }
    }

    /// Copies the usable heights of one bin into `destination`, with their extremes. Few
    /// share a bin, so eight bins are tested at once and a group is opened only when one
    /// of them matches.
    private func gather(_ heights: UnsafePointer<Float>, count: Int, inBin chosen: Int, into destination: UnsafeMutablePointer<Float>)
        -> (count: Int, lowest: Float, highest: Float) {
        var found = 0, lowest = Float.infinity, highest = -Float.infinity
        let wanted = UInt32(chosen), rawBins = UnsafeRawPointer(binOfSample), binOf = binOfSample
        let pairedWanted = UInt64(wanted) &* 0x1_0000_0001
        @inline(__always) func zeroHalf(_ x: UInt64) -> UInt64 { (x &- 0x1_0000_0001) & ~x & 0x8000_0000_8000_0000 }
        func take(_ index: Int) {
            guard binOf[index] == wanted, heights[index] != -.infinity else { return }
            destination[found] = heights[index]
            found += 1
            lowest = min(lowest, heights[index])
            highest = max(highest, heights[index])
        }
        var index = 0
        while index + 8 <= count {
            // Two bins a word: a 32-bit half of `word ^ wanted` is zero exactly when that
            // bin matches, which the borrow test sees for both halves at once (bins are
            // below 2³¹). SIMD comparisons of integers here compile lane by lane.
            let words = UnsafeRawPointer(rawBins + index * 4).loadUnaligned(as: (UInt64, UInt64, UInt64, UInt64).self)
            let hits = zeroHalf(words.0 ^ pairedWanted) | zeroHalf(words.1 ^ pairedWanted)
                | zeroHalf(words.2 ^ pairedWanted) | zeroHalf(words.3 ^ pairedWanted)
            if hits != 0 {
                for lane in index..<(index + 8) { take(lane) }
            }
            index += 8
        }
        while index < count {
            take(index)
            index += 1
        }
        return (found, lowest, highest)
    }

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
    private func kthLowest(_ rank: Int, ofKeys keys: UnsafeMutablePointer<UInt32>, count: Int,
                           lowest: UInt32, highest: UInt32) -> UInt32 {
        precondition(rank >= 0 && rank < count, "the rank must name one of the keys")
        var k = rank, n = count, low = lowest, high = highest
        while true {
            if low == high { return low }
            if n <= Self.smallEnoughToSort { return Self.sortedSmall(keys, count: n)[k] }
            let span = high - low
            let shift = max(0, (UInt32.bitWidth - span.leadingZeroBitCount) - Self.binBits)
            let bins = Int(span >> UInt32(shift)) + 1
            let s = UInt32(shift), from = low
            let (bin, below) = countAndFind(k, count: n, bins: bins) { Int((keys[$0] - from) >> s) }
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

    /// Counts `count` items into `bins` bins by `binOf(index)`, and returns the bin holding
    /// the k-th with how many items lie in the bins below it.
    @inline(__always)
    private func countAndFind(_ k: Int, count n: Int, bins: Int, _ binOf: (Int) -> Int) -> (bin: Int, below: Int) {
        let t = tables, stride = Self.binCount
        for table in 0..<4 { (t + table * stride).update(repeating: 0, count: bins) }
        var index = 0
        while index + 4 <= n {
            t[binOf(index)] += 1
            t[stride + binOf(index + 1)] += 1
            t[2 * stride + binOf(index + 2)] += 1
            t[3 * stride + binOf(index + 3)] += 1
            index += 4
        }
        while index < n {
            t[binOf(index)] += 1
            index += 1
        }
        var below = 0
        for bin in 0..<bins {
            let inBin = Int(t[bin] + t[stride + bin] + t[2 * stride + bin] + t[3 * stride + bin])
            if below + inBin > k { return (bin, below) }
            below += inBin
        }
        preconditionFailure("the rank lies beyond the items counted")
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
