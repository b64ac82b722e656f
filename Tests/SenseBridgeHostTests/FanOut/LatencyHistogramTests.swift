import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The histogram `walk --stats` and the benchmark read alert latency from: its
/// percentiles must be within its stated resolution of the exact ones, and never below.
@Suite struct LatencyHistogramTests {
    @Test func everyValueFallsInABucketWhoseUpperEdgeHoldsIt() {
        var generator = SeededGenerator(seed: 14)
        var values: [UInt64] = Array(0...200) + [.max, .max - 1, 1 << 63, (1 << 40) + 12345]
        for _ in 0..<5000 { values.append(UInt64.random(in: 0...UInt64.max, using: &generator) >> UInt64.random(in: 0...63, using: &generator)) }
        for value in values {
            let bucket = LatencyHistogram.bucket(of: value)
            #expect(bucket >= 0 && bucket < LatencyHistogram.bucketCount)
            let upper = LatencyHistogram.upperEdge(of: bucket)
            #expect(upper >= value, "\(value) in bucket \(bucket) whose upper edge is \(upper)")
            let lower = bucket == 0 ? 0 : LatencyHistogram.upperEdge(of: bucket - 1) + 1
            #expect(lower <= value, "\(value) below its bucket's lower edge \(lower)")
            // Six significant bits: a bucket is at most 1/32 of its lower edge wide.
            #expect(Double(upper - lower) <= Double(lower) / 32 + 1)
        }
    }

    @Test func percentilesMatchTheSortedSamplesWithinOneBucketAndNeverUnderstate() {
        var generator = SeededGenerator(seed: 99)
        for round in 0..<50 {
            var histogram = LatencyHistogram()
            let count = Int.random(in: 1...3000, using: &generator)
            // Latency-like: mostly tens of microseconds, a tail of milliseconds.
            let samples = (0..<count).map { _ -> UInt64 in
                Bool.random(using: &generator) && Int.random(in: 0..<20, using: &generator) == 0
                    ? UInt64.random(in: 1_000_000...50_000_000, using: &generator)
                    : UInt64.random(in: 5_000...80_000, using: &generator)
            }
            samples.forEach { histogram.record($0) }
            let sorted = samples.sorted()
            #expect(histogram.count == count)
            #expect(histogram.maximum == sorted.last)
            #expect(histogram.minimum == sorted.first)
            for q in [0.5, 0.9, 0.99, 1.0] {
                let exact = sorted[max(0, Int((q * Double(count)).rounded(.up)) - 1)]
                let reported = histogram.quantile(q)!
                #expect(reported >= exact, "round \(round) q \(q): \(reported) under the exact \(exact)")
                #expect(Double(reported) <= Double(exact) * (1 + 1.0 / 32) + 1, "round \(round) q \(q): \(reported) vs exact \(exact)")
            }
        }
        #expect(LatencyHistogram().quantile(0.5) == nil)
    }
}
