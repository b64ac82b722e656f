@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

@Suite struct FloorQuantileTests {
    static func kthLowest(_ rank: Int, of heights: [Float]) -> Float {
        // Unusable samples (−∞) mixed in, as the reducer leaves them: they only shift the rank.
        let withUnusable = heights.enumerated().flatMap { $0.offset % 5 == 0 ? [-Float.infinity, $0.element] : [$0.element] }
        return withUnusable.withUnsafeBufferPointer {
            FloorQuantile().kthLowest(rank, of: $0.baseAddress!, count: $0.count, unusable: withUnusable.count - heights.count,
                                      lowest: heights.min()!, highest: heights.max()!)
        }
    }

    @Test func keysKeepTheOrderOfHeights() {
        let heights: [Float] = [-.greatestFiniteMagnitude, -20, -1.3, -Float.leastNonzeroMagnitude, 0, Float.leastNonzeroMagnitude,
                                0.1, 1, 19.99, .greatestFiniteMagnitude]
        let keys = heights.map(FloorQuantile.key)
        #expect(keys == keys.sorted())
        #expect(heights.map { FloorQuantile.height(FloorQuantile.key($0)) } == heights)
    }

    /// Every rank of inputs shaped like frames and unlike them: a flat floor (long runs of
    /// one value), ties, values around zero, a huge range, and a handful.
    @Test(arguments: 0..<6)
    func everyRankIsTheSortedValue(_ shape: Int) {
        var random = SeededGenerator(seed: UInt64(shape) + 11)
        let count = [3072, 500, 19_200, 7, 2000, 1][shape]
        let heights: [Float] = (0..<count).map { index in
            switch shape {
            case 0: return index % 3 == 0 ? Float.random(in: 0...2.5, using: &random) : 0.0001 * Float(index % 7)
            case 1: return Float(Int.random(in: 0..<4, using: &random))
            case 2: return Float.random(in: -0.02...0.02, using: &random)
            case 3: return Float.random(in: -1e30...1e30, using: &random)
            case 4: return index < 1990 ? -1.3 : Float.random(in: -3 ... -1.3, using: &random)
            default: return 42
            }
        }
        let sorted = heights.sorted()
        let ranks = count <= 500 ? Array(0..<count) : [0, 1, count / 100, count / 2, count - 1] + (0..<20).map { _ in Int.random(in: 0..<count, using: &random) }
        for rank in ranks {
            #expect(Self.kthLowest(rank, of: heights) == sorted[rank], "shape \(shape) rank \(rank)")
        }
    }
}
