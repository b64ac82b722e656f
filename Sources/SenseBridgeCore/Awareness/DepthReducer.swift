/// The depth reduction with its working memory kept from frame to frame.
///
/// A sensor delivers frames of one size for a whole walk, so the buffers are sized by
/// the first frame and reused: reducing a frame allocates nothing. The work is three
/// passes over the sampled pixels (`DepthSampleGrid`): place each usable sample in the
/// world, select the floor level (`FloorQuantile`), and take the minimum depth above the
/// floor in each column range. What it computes is `DepthReduction`'s rule, documented
/// there; this type is only how it is done fast.
///
/// One reducer belongs to one thread: it is a reference to buffers it overwrites.
public final class DepthReducer {
    private var grid: DepthSampleGrid?
    private var capacity = 0
    private var heights: UnsafeMutablePointer<Float>
    private var depths: UnsafeMutablePointer<Float>
    private var keys: UnsafeMutablePointer<UInt32>
    /// Each sample's pixel (`v * width + u`), so a range's nearest sample can be refined.
    private var positions: UnsafeMutablePointer<UInt32>
    /// Where each column range's samples start in `heights` and `depths`.
    private var segmentStarts = [Int](repeating: 0, count: 6)
    /// Where each range's samples end in this frame, and each range's nearest depth above the floor.
    private var segmentEnds = [Int](repeating: 0, count: 5)
    private var segmentMinima = [Float](repeating: .infinity, count: 5)
    private var columnTerms: [Float] = []
    private var quantile = FloorQuantile()

    public init() {
        heights = .allocate(capacity: 1)
        depths = .allocate(capacity: 1)
        keys = .allocate(capacity: 1)
        positions = .allocate(capacity: 1)
    }

    deinit {
        heights.deallocate()
        depths.deallocate()
        keys.deallocate()
        positions.deallocate()
    }

    public func reduce(_ map: DepthMap) -> DepthReduction.Outcome {
        guard let k = map.intrinsics else { return .couldNotMeasure(.noIntrinsics) }
        let grid = prepare(for: map)
        let m = map.cameraToWorld
        let m1 = m[1], m5 = m[5], m9 = m[9], m13 = m[13]
        // A sample's world height is d · (m1·x̂ + m5·ŷ − m9) + m13, with x̂ and ŷ its ray's
        // slopes: one term per column, one per row, one multiply-add per sample.
        var column = 0
        for segment in 0..<5 {
            for u in grid.segmentColumns[segment] {
                columnTerms[column] = m1 * ((Float(u) - k.cx) / k.fx)
                column += 1
            }
        }
        for segment in 0..<5 { segmentEnds[segment] = segmentStarts[segment] }
        var usable = 0, lowest = UInt32.max, highest = UInt32.min
        let maximumRange = DepthReduction.maximumRange
        map.metres.withUnsafeBufferPointer { metres in
            columnTerms.withUnsafeBufferPointer { columnTerms in
                let pixels = metres.baseAddress!
                for v in grid.rows {
                    let row = pixels + v * grid.width
                    let rowTerm = m5 * (-(Float(v) - k.cy) / k.fy) - m9
                    var column = 0
                    for segment in 0..<5 {
                        var end = segmentEnds[segment]
                        for u in grid.segmentColumns[segment] {
                            let d = row[u], term = columnTerms[column]
                            column += 1
                            // Also false for NaN: no reading there.
                            guard d > 0 && d <= maximumRange else { continue }
                            let height = d * (term + rowTerm) + m13
                            guard height.isFinite else { continue }
                            heights[end] = height
                            depths[end] = d
                            positions[end] = UInt32(v * grid.width + u)
                            end += 1
                            let key = FloorQuantile.key(height)
                            keys[usable] = key
                            usable += 1
                            lowest = min(lowest, key)
                            highest = max(highest, key)
                        }
                        segmentEnds[segment] = end
                    }
                }
            }
        }
        guard usable > 0 else { return .couldNotMeasure(.noValidSamples) }
        let inRegion = (1...3).contains { segmentEnds[$0] > segmentStarts[$0] }
        guard inRegion else { return .couldNotMeasure(.noValidSamples) }
        let rank = min(usable - 1, Int(Double(usable) * DepthReduction.floorQuantile))
        let floorLevel = FloorQuantile.height(quantile.kthLowest(rank, of: keys, count: usable, lowest: lowest, highest: highest))
        let ceiling = floorLevel + DepthReduction.floorClearance
        for segment in 0..<5 {
            var nearest = Float.infinity, at = -1
            for index in segmentStarts[segment]..<segmentEnds[segment] where heights[index] > ceiling && depths[index] < nearest {
                nearest = depths[index]
                at = index
            }
            segmentMinima[segment] = at < 0 ? nearest
                : refine(nearest, around: Int(positions[at]), within: grid.segments[segment], of: map, grid: grid, ceiling: ceiling)
        }
        return DepthReduction.outcome(segmentMinima: segmentMinima)
    }

    /// The nearest depth above the floor among every pixel of the grid cells around a
    /// range's nearest sample, within that range's columns.
    ///
    /// A surface's nearest point lies on an edge of what is seen of it: the top of a
    /// box, or the foot of a wall just above the floor's clearance, where a pitched
    /// camera's depth changes fastest. The nearest sample is within a cell of it, so
    /// reading that cell's neighbourhood whole gives the distance every pixel would
    /// have given, for the cost of about fifty pixels.
    private func refine(_ nearest: Float, around pixel: Int, within columns: Range<Int>, of map: DepthMap,
                        grid: DepthSampleGrid, ceiling: Float) -> Float {
        let reach = grid.stride - 1
        guard reach > 0, let k = map.intrinsics else { return nearest }
        let m = map.cameraToWorld, m1 = m[1], m5 = m[5], m9 = m[9], m13 = m[13]
        let u0 = pixel % grid.width, v0 = pixel / grid.width
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

    /// Sizes the buffers for this map's grid; a no-op for every frame after the first.
    private func prepare(for map: DepthMap) -> DepthSampleGrid {
        if let grid, grid.width == map.width, grid.height == map.height { return grid }
        let grid = DepthSampleGrid(width: map.width, height: map.height)
        self.grid = grid
        if grid.sampleCount > capacity {
            heights.deallocate()
            depths.deallocate()
            keys.deallocate()
            positions.deallocate()
            capacity = grid.sampleCount
            heights = .allocate(capacity: capacity)
            depths = .allocate(capacity: capacity)
            keys = .allocate(capacity: capacity)
            positions = .allocate(capacity: capacity)
        }
        var start = 0
        for segment in 0..<5 {
            segmentStarts[segment] = start
            start += grid.segmentColumns[segment].count * grid.rows.count
        }
        segmentStarts[5] = start
        columnTerms = [Float](repeating: 0, count: grid.columns.count)
        return grid
    }
}
