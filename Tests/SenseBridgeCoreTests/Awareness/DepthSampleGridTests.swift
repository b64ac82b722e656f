import SenseBridgeCore
import Testing

@Suite struct DepthSampleGridTests {
    @Test func aPhoneLiDARMapIsSampledEveryFourthPixelFromTheRegionOfInterest() {
        let grid = DepthSampleGrid(width: 256, height: 192)
        #expect(grid.stride == 4)
        #expect(grid.rows.first == 0 && grid.rows.last == 191 && grid.rows.count == 49)
        // The region of interest is [64, 192); the seed's strided columns start at 64.
        #expect(grid.segments == [0..<64, 64..<86, 86..<171, 171..<192, 192..<256])
        #expect(grid.segmentColumns[1] == [64, 68, 72, 76, 80, 84, 85])
        #expect(grid.segmentColumns[2].first == 86 && grid.segmentColumns[2].last == 170)
        #expect(grid.columns == grid.columns.sorted() && Set(grid.columns).count == grid.columns.count)
        // About a sixteenth of the pixels.
        #expect(grid.sampleCount < 256 * 192 / 12)
    }

    @Test(arguments: [1, 2, 3, 7, 32, 100, 127, 128, 255, 256, 640, 1920])
    func everyColumnIsInExactlyOneRangeAndTheRangesFollowTheZones(_ width: Int) {
        let grid = DepthSampleGrid(width: width, height: 10)
        #expect(grid.segments.first?.lowerBound == 0 && grid.segments.last?.upperBound == width)
        for (left, right) in zip(grid.segments, grid.segments.dropFirst()) { #expect(left.upperBound == right.lowerBound) }
        // The zone of each range is the one `min(2, u * 3 / width)` gives every column in it.
        for (index, range) in grid.segments.enumerated() where !range.isEmpty {
            #expect(range.allSatisfy { min(2, $0 * 3 / width) == [0, 0, 1, 2, 2][index] }, "width \(width) range \(index)")
            #expect(grid.segmentColumns[index].allSatisfy(range.contains))
            #expect(grid.segmentColumns[index].first == range.lowerBound && grid.segmentColumns[index].last == range.upperBound - 1)
        }
        #expect(grid.stride == max(1, min(4, width / 64)))
        if width < 128 { #expect(grid.columns == Array(0..<width), "a narrow map is read whole") }
    }
}
