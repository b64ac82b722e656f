/// Durations in nanoseconds, kept as counts in log-linear buckets so percentiles can be
/// read at any time from fixed memory.
///
/// A walk can last hours and raise thousands of alerts; keeping every sample to sort at
/// the end would grow with the walk, which is what the host must not do. Each power of
/// two is split into 32 buckets, so a percentile is known to within 1/32 (about 3 %) of
/// its value — far finer than the 1 ms goal it is compared with — in about 8 KiB.
/// Percentiles report a bucket's upper edge (capped by the largest sample seen), so a
/// figure may overstate a latency slightly but never understates one.
public struct LatencyHistogram: Sendable, Equatable {
    /// Values below 64 ns have a bucket each; above, six significant bits are kept.
    static let significantBits = 6
    static let linearBuckets = 1 << significantBits
    static let bucketsPerPowerOfTwo = linearBuckets / 2
    static let bucketCount = linearBuckets + (64 - significantBits) * bucketsPerPowerOfTwo

    private var counts = [UInt32](repeating: 0, count: LatencyHistogram.bucketCount)
    public private(set) var count = 0
    public private(set) var maximum: UInt64 = 0
    public private(set) var minimum: UInt64 = .max

    public init() {}

    public mutating func record(_ nanoseconds: UInt64) {
        let bucket = Self.bucket(of: nanoseconds)
        if counts[bucket] < .max { counts[bucket] += 1 }
        count += 1
        maximum = max(maximum, nanoseconds)
        minimum = min(minimum, nanoseconds)
    }

    /// The value at quantile `q` (0…1): the smallest bucket edge at or below which at
    /// least `q` of the samples lie. nil with no samples.
    public func quantile(_ q: Double) -> UInt64? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((q * Double(count)).rounded(.up)))
        var seen = 0
        for (bucket, bucketCount) in counts.enumerated() where bucketCount > 0 {
            seen += Int(bucketCount)
            if seen >= rank { return min(Self.upperEdge(of: bucket), maximum) }
        }
        return maximum
    }

    public static func bucket(of value: UInt64) -> Int {
        if value < UInt64(linearBuckets) { return Int(value) }
        let shift = (64 - value.leadingZeroBitCount) - significantBits
        let mantissa = Int(value >> UInt64(shift))  // 32…63
        return linearBuckets + (shift - 1) * bucketsPerPowerOfTwo + (mantissa - bucketsPerPowerOfTwo)
    }

    /// The largest value that falls in `bucket`.
    public static func upperEdge(of bucket: Int) -> UInt64 {
        if bucket < linearBuckets { return UInt64(bucket) }
        let shift = (bucket - linearBuckets) / bucketsPerPowerOfTwo + 1
        let mantissa = UInt64((bucket - linearBuckets) % bucketsPerPowerOfTwo + bucketsPerPowerOfTwo)
        let next = (mantissa + 1) << UInt64(shift)
        return next == 0 ? .max : next - 1
    }
}
