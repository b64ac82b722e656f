/// Which pixels of a depth map the reduction looks at, and which part of the view each
/// belongs to.
///
/// Every fourth pixel in both directions, as the seed's obstacle model samples a phone
/// LiDAR's 256×192 map: a walker's obstacles span many pixels at that resolution, and
/// the sixteenth of the work is what lets a frame be reduced in microseconds instead of
/// milliseconds. The stride shrinks on narrower maps (one pixel per 64 columns, at
/// least 1), because there each pixel covers more angle and a pole could fall between
/// samples; a map narrower than 128 columns is read whole.
///
/// The width splits into five column ranges: the three zones, with the region of
/// interest cutting into the outer two; keeping them apart lets each be reduced with a
/// plain minimum. Each range's first and last columns, and the last row, are sampled
/// besides the stride: the nearest point of a smooth surface lies on the edge of the
/// window it is seen through, and a window's edge between two strided columns would
/// otherwise be missed by up to three pixels, or lose a pole standing on it.
public struct DepthSampleGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    /// Column ranges, left to right: left zone outside the region of interest, left zone
    /// inside it, the centre zone, right zone inside, right zone outside.
    public let segments: [Range<Int>]
    /// The sampled columns of each range, left to right.
    public let segmentColumns: [[Int]]
    /// The sampled rows, top to bottom.
    public let rows: [Int]

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a depth map has at least one pixel")
        self.width = width
        self.height = height
        let stride = max(1, min(4, width / 64))
        self.stride = stride
        let roiStart = Int((Double(width) * (1 - DepthReduction.regionOfInterestWidthFraction) / 2).rounded(.down))
        let roiEnd = max(roiStart + 1, width - roiStart)
        // The first column whose zone is 1 and 2 under `min(2, u * 3 / width)`.
        let centreStart = (width + 2) / 3, rightStart = (2 * width + 2) / 3
        let bounds = [0, roiStart, centreStart, rightStart, roiEnd, width]
        segments = (0..<5).map { bounds[$0]..<bounds[$0 + 1] }
        segmentColumns = segments.map { range in
            guard !range.isEmpty else { return [] }
            // Aligned on the region of interest's first column, as the seed samples it.
            let offset = ((roiStart - range.lowerBound) % stride + stride) % stride
            var columns = Array(Swift.stride(from: range.lowerBound + offset, to: range.upperBound, by: stride))
            if columns.first != range.lowerBound { columns.insert(range.lowerBound, at: 0) }
            if columns.last != range.upperBound - 1 { columns.append(range.upperBound - 1) }
            return columns
        }
        var rows = Array(Swift.stride(from: 0, to: height, by: stride))
        if rows.last != height - 1 { rows.append(height - 1) }
        self.rows = rows
    }

    /// Every sampled column, left to right.
    public var columns: [Int] { segmentColumns.flatMap { $0 } }

    public var sampleCount: Int { columns.count * rows.count }
}
