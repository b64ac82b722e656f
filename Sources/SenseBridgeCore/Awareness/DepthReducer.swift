/// The depth reduction with its working memory kept from frame to frame.
///
/// A sensor delivers frames of one size for a whole walk, so the buffers are sized by
/// the first frame and reused: reducing a frame allocates nothing. What it computes is
/// `DepthReduction`'s rule, documented there; this type is only how it is done fast.
///
/// The work is a few straight passes over the sampled pixels (`DepthSampleGrid`), kept
/// free of branches that depend on the data so the processor never guesses:
/// 1. every sample's world height and floor height (the height plus the allowance for
///    its distance beyond `floorTrustedRange`), or −∞ for both where the pixel had no
///    usable reading, laid out range by range and row by row so a sample's pixel
///    follows from its index;
/// 2. how many are usable and the extremes of their floor heights, then `FloorQuantile`
///    selects the floor level from those (an unusable sample's −∞ sits below every
///    usable one, so it only shifts the rank);
/// 3. per column range, the nearest depth above the floor's clearance, refined over
///    the grid cells around the nearest sample (`refine`).
///
/// One reducer belongs to one thread: it is a reference to buffers it overwrites.
public final class DepthReducer {
    private var grid: DepthSampleGrid?
    private var capacity = 0
    private var heights = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var depths = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    /// Each sample's floor height: what the floor level is selected from.
    private var floorHeights = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    /// Where each column range's samples start in `heights` and `depths`.
    private var segmentStarts = [Int](repeating: 0, count: 6)
    private var segmentMinima = [Float](repeating: .infinity, count: 5)
    private var columnTerms: [Float] = []
    /// Each sample's distance from the camera per metre of its depth, √(x̂² + 1 + ŷ²) with
    /// x̂ and ŷ its ray's slopes, laid out as `heights`. It depends on the intrinsics
    /// alone, which a sensor keeps for a whole walk, so it is computed when they change:
    /// a square root per sample per frame cost over a third of a frame's reduction.
    private var distanceFactors = UnsafeMutablePointer<Float>.allocate(capacity: 1)
    private var factorsIntrinsics: DepthMap.Intrinsics?
    private var largestFactor: Float = 0
    private var factorsAreFinite = true
    /// The sampled columns of every range, in order, and where each range's begin.
    private var flatColumns: [Int] = []
    private var segmentColumnStarts = [Int](repeating: 0, count: 6)
    private let quantile = FloorQuantile()

    public init() {}

    deinit {
        heights.deallocate()
        depths.deallocate()
        floorHeights.deallocate()
        distanceFactors.deallocate()
    }

    public func reduce(_ map: DepthMap) -> DepthReduction.Outcome {
        guard let k = map.intrinsics else { return .couldNotMeasure(.noIntrinsics) }
        let grid = prepare(for: map)
        if factorsIntrinsics != k { computeDistanceFactors(k, grid: grid) }
        let m = map.cameraToWorld
        let m1 = m[1], m5 = m[5], m9 = m[9], m13 = m[13]
        // A sample's world height is d · (m1·x̂ + m5·ŷ − m9) + m13, with x̂ and ŷ its ray's
        // slopes: one term per column, one per row, one multiply-add per sample. Its
        // distance from the camera is d times its `distanceFactors` entry.
        var column = 0
        for segment in 0..<5 {
            for u in grid.segmentColumns[segment] {
                columnTerms[column] = m1 * ((Float(u) - k.cx) / k.fx)
                column += 1
            }
        }
        // Heights bounded by finite terms need no per-sample check: a usable depth is at
        // most `maximumRange`. Only a broken pose or intrinsics (NaN, ∞, a zero focal
        // length) take the checked path.
        var largestColumnTerm: Float = 0, termsAreFinite = factorsAreFinite
        for term in columnTerms {
            termsAreFinite = termsAreFinite && term.isFinite
            largestColumnTerm = max(largestColumnTerm, abs(term))
        }
        let largestRowTerm = max(abs(m5 * (k.cy / k.fy)), abs(m5 * ((Float(map.height) - k.cy) / k.fy))) + abs(m9)
        let bound = (largestColumnTerm + largestRowTerm) * DepthReduction.maximumRange + abs(m13)
            + largestFactor * DepthReduction.maximumRange * DepthReduction.floorAllowancePerMetre
        let heightsAreFinite = termsAreFinite && largestRowTerm.isFinite && bound.isFinite && m13.isFinite
        let heights = heights, depths = depths, floorHeights = floorHeights, maximumRange = DepthReduction.maximumRange
        let trustedRange = DepthReduction.floorTrustedRange, allowance = DepthReduction.floorAllowancePerMetre
        let factors = distanceFactors, rawFactors = UnsafeRawPointer(distanceFactors)
        map.metres.withUnsafeBufferPointer { metres in
            columnTerms.withUnsafeBufferPointer { columnTerms in
                flatColumns.withUnsafeBufferPointer { flatColumns in
                    let pixels = metres.baseAddress!, terms = columnTerms.baseAddress!, columns = flatColumns.baseAddress!
                    let rawTerms = UnsafeRawPointer(terms), rawHeights = UnsafeMutableRawPointer(heights)
                    let rawDepths = UnsafeMutableRawPointer(depths), rawFloorHeights = UnsafeMutableRawPointer(floorHeights)
                    for (rowIndex, v) in grid.rows.enumerated() {
                        let row = pixels + v * grid.width
                        let rowTerm = m5 * (-(Float(v) - k.cy) / k.fy) - m9
                        for segment in 0..<5 {
                            let first = segmentColumnStarts[segment], count = segmentColumnStarts[segment + 1] - first
                            var out = segmentStarts[segment] + rowIndex * count, column = first
                            // Four samples at a time: the loads are single, the arithmetic and
                            // the test for a usable reading are not, and nothing branches on data.
                            while column + 4 <= first + count {
                                let d = SIMD4<Float>(row[columns[column]], row[columns[column + 1]],
                                                     row[columns[column + 2]], row[columns[column + 3]])
                                let height = d * (rawTerms.loadUnaligned(fromByteOffset: column * 4, as: SIMD4<Float>.self) + rowTerm) + m13
                                let beyond = d * rawFactors.loadUnaligned(fromByteOffset: out * 4, as: SIMD4<Float>.self) - trustedRange
                                let floorHeight = height + SIMD4(repeating: 0).replacing(with: beyond, where: beyond .> 0) * allowance
                                // False for NaN too: no reading there.
                                var usable = (d .> 0) .& (d .<= maximumRange)
                                if !heightsAreFinite {
                                    usable = usable .& (height .< .infinity) .& (height .> -.infinity)
                                        .& (floorHeight .< .infinity) .& (floorHeight .> -.infinity)
                                }
                                let unusable = SIMD4<Float>(repeating: -.infinity)
                                rawHeights.storeBytes(of: unusable.replacing(with: height, where: usable),
                                                      toByteOffset: out * 4, as: SIMD4<Float>.self)
                                rawFloorHeights.storeBytes(of: unusable.replacing(with: floorHeight, where: usable),
                                                           toByteOffset: out * 4, as: SIMD4<Float>.self)
                                rawDepths.storeBytes(of: d, toByteOffset: out * 4, as: SIMD4<Float>.self)
                                out += 4
                                column += 4
                            }
                            while column < first + count {
                                let d = row[columns[column]]
                                let height = d * (terms[column] + rowTerm) + m13
                                let beyond = d * factors[out] - trustedRange
                                let floorHeight = height + (beyond > 0 ? beyond : 0) * allowance
                                let usable = d > 0 && d <= maximumRange
                                    && (heightsAreFinite || (height.isFinite && floorHeight.isFinite))
                                heights[out] = usable ? height : -.infinity
                                floorHeights[out] = usable ? floorHeight : -.infinity
                                depths[out] = d
                                out += 1
                                column += 1
                            }
                        }
                    }
                }
            }
        }
        var usable = 0, usableInRegion = 0, lowest = Float.infinity, highest = -Float.infinity
        for segment in 0..<5 {
            let found = Self.usableExtremes(floorHeights, segmentStarts[segment]..<segmentStarts[segment + 1])
            usable += found.count
            if segment >= 1 && segment <= 3 { usableInRegion += found.count }
            lowest = min(lowest, found.lowest)
            highest = max(highest, found.highest)
        }
        guard usable > 0, usableInRegion > 0 else { return .couldNotMeasure(.noValidSamples) }
        let rank = min(usable - 1, Int(Double(usable) * DepthReduction.floorQuantile))
        let total = segmentStarts[5]
        let floorLevel = quantile.kthLowest(rank, of: floorHeights, count: total, unusable: total - usable,
                                            lowest: lowest, highest: highest)
        let ceiling = floorLevel + DepthReduction.floorClearance
        for segment in 0..<5 {
            let samples = segmentStarts[segment]..<segmentStarts[segment + 1]
            var (nearest, index) = Self.nearestDepth(above: ceiling, heights: heights, depths: depths, samples)
            if nearest.isFinite, grid.stride > 1 {
                let columns = grid.segmentColumns[segment], offset = index - samples.lowerBound
                nearest = refine(nearest, u: columns[offset % columns.count], v: grid.rows[offset / columns.count],
                                 within: grid.segments[segment], of: map, grid: grid, ceiling: ceiling)
            }
            segmentMinima[segment] = nearest
        }
        return DepthReduction.outcome(segmentMinima: segmentMinima)
    }

    /// The lowest and highest usable (floor) heights among `samples`, and how many are usable
    /// (not −∞), eight lanes at a time: a single running minimum waits on itself.
    private static func usableExtremes(_ heights: UnsafePointer<Float>, _ samples: Range<Int>)
        -> (lowest: Float, highest: Float, count: Int) {
        var low = SIMD8<Float>(repeating: .infinity), high = SIMD8<Float>(repeating: -.infinity)
        var count = SIMD8<Int32>(repeating: 0)
        let raw = UnsafeRawPointer(heights), unusable = SIMD8<Float>(repeating: -.infinity)
        var index = samples.lowerBound
        while index + 8 <= samples.upperBound {
            let lanes = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
            let isUsable = lanes .!= unusable
            // pointwiseMin and pointwiseMax are generic and not inlined; comparisons are.
            low = low.replacing(with: lanes, where: isUsable .& (lanes .< low))
            high = high.replacing(with: lanes, where: lanes .> high)
            count &+= SIMD8(repeating: 0).replacing(with: 1, where: isUsable)
            index += 8
        }
        var lowest = low.min(), highest = high.max(), total = Int(count.wrappedSum())
        while index < samples.upperBound {
            let height = heights[index]
            if height != -.infinity {
                lowest = min(lowest, height)
                total += 1
            }
            highest = max(highest, height)
            index += 1
        }
        return (lowest, highest, total)
    }

    /// The least depth among `samples` whose height is above `ceiling` (∞ if none), and
    /// the index of a sample that has it, eight lanes at a time. An unusable sample's
    /// height is −∞, so it never counts.
    private static func nearestDepth(above ceiling: Float, heights: UnsafePointer<Float>, depths: UnsafePointer<Float>,
                                     _ samples: Range<Int>) -> (depth: Float, index: Int) {
        var nearest = SIMD8<Float>(repeating: .infinity), at = SIMD8<Int32>(repeating: -1)
        var lanes = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7) &+ Int32(samples.lowerBound)
        let rawHeights = UnsafeRawPointer(heights), rawDepths = UnsafeRawPointer(depths)
        var index = samples.lowerBound
        while index + 8 <= samples.upperBound {
            let h = rawHeights.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
            let d = rawDepths.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
            let nearer = (h .> ceiling) .& (d .< nearest)
            nearest = nearest.replacing(with: d, where: nearer)
            at = at.replacing(with: lanes, where: nearer)
            lanes &+= 8
            index += 8
        }
        var least = Float.infinity, leastAt = -1
        for lane in 0..<8 where nearest[lane] < least {
            least = nearest[lane]
            leastAt = Int(at[lane])
        }
        while index < samples.upperBound {
            if heights[index] > ceiling && depths[index] < least {
                least = depths[index]
                leastAt = index
            }
            index += 1
        }
        return (least, leastAt)
    }

    /// The nearest depth above the floor among every pixel of the grid cells around a
    /// range's nearest sample, within that range's columns.
    ///
    /// A surface's nearest point lies on an edge of what is seen of it: the top of a
    /// box, or the foot of a wall just above the floor's clearance, where a pitched
    /// camera's depth changes fastest. The nearest sample is within a cell of it, so
    /// reading that cell's neighbourhood whole gives the distance every pixel would
    /// have given, for the cost of about fifty pixels.
    private func refine(_ nearest: Float, u u0: Int, v v0: Int, within columns: Range<Int>, of map: DepthMap,
                        grid: DepthSampleGrid, ceiling: Float) -> Float {
        guard let k = map.intrinsics else { return nearest }
        let reach = grid.stride - 1
        let m = map.cameraToWorld, m1 = m[1], m5 = m[5], m9 = m[9], m13 = m[13]
        var best = nearest
        map.metres.withUnsafeBufferPointer { metres in
            for v in max(0, v0 - reach)...min(grid.height - 1, v0 + reach) {
                let rowTerm = m5 * (-(Float(v) - k.cy) / k.fy) - m9
                for u in max(columns.lowerBound, u0 - reach)...min(columns.upperBound - 1, u0 + reach) {
                    let d = metres[v * grid.width + u]
                    guard d > 0 && d <= DepthReduction.maximumRange && d < best else { continue }
                    let height = d * (m1 * ((Float(u) - k.cx) / k.fx) + rowTerm) + m13
                    if height.isFinite && height > ceiling { best = d }
                }
            }
        }
        return best
    }

    /// Fills `distanceFactors` for these intrinsics, in the order `reduce` lays samples
    /// out, and notes their largest (for the bound that lets `reduce` skip per-sample
    /// checks) and whether all are finite (a zero or NaN focal length makes them not).
    private func computeDistanceFactors(_ k: DepthMap.Intrinsics, grid: DepthSampleGrid) {
        largestFactor = 0
        factorsAreFinite = true
        for (rowIndex, v) in grid.rows.enumerated() {
            let rowSlope = -(Float(v) - k.cy) / k.fy, rowSquare = 1 + rowSlope * rowSlope
            for segment in 0..<5 {
                let columns = grid.segmentColumns[segment]
                var out = segmentStarts[segment] + rowIndex * columns.count
                for u in columns {
                    let slope = (Float(u) - k.cx) / k.fx
                    let factor = (slope * slope + rowSquare).squareRoot()
                    distanceFactors[out] = factor
                    factorsAreFinite = factorsAreFinite && factor.isFinite
                    largestFactor = max(largestFactor, factor)
                    out += 1
                }
            }
        }
        factorsIntrinsics = k
    }

    /// Sizes the buffers for this map's grid; a no-op for every frame after the first.
    private func prepare(for map: DepthMap) -> DepthSampleGrid {
        if let grid, grid.width == map.width, grid.height == map.height { return grid }
        let grid = DepthSampleGrid(width: map.width, height: map.height)
        self.grid = grid
        if grid.sampleCount > capacity {
            heights.deallocate()
            depths.deallocate()
            floorHeights.deallocate()
            distanceFactors.deallocate()
            capacity = grid.sampleCount
            heights = .allocate(capacity: capacity)
            depths = .allocate(capacity: capacity)
            floorHeights = .allocate(capacity: capacity)
            distanceFactors = .allocate(capacity: capacity)
        }
        factorsIntrinsics = nil
        var start = 0
        for segment in 0..<5 {
            segmentStarts[segment] = start
            start += grid.segmentColumns[segment].count * grid.rows.count
        }
        segmentStarts[5] = start
        columnTerms = [Float](repeating: 0, count: grid.columns.count)
        flatColumns = grid.columns
        for segment in 0..<5 { segmentColumnStarts[segment + 1] = segmentColumnStarts[segment] + grid.segmentColumns[segment].count }
        return grid
    }
}
