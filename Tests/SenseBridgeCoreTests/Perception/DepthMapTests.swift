import Testing
import SenseBridgeCore

/// Found by `make fuzz` (the recording target): a depth map with a gap was unequal to
/// itself, so a frame streamed and the same frame parsed whole compared different.
@Suite("DepthMap")
struct DepthMapTests {
    static let withGaps = DepthMap(width: 2, height: 2, metres: [.nan, 1.5, -.nan, 0],
                                   intrinsics: .init(fx: 1, fy: 1, cx: 0.5, cy: 0.5))

    @Test func aMapWithGapsEqualsItselfAndAnIdenticalCopy() {
        let copy = DepthMap(width: 2, height: 2, metres: [.nan, 1.5, .nan, 0],
                            intrinsics: .init(fx: 1, fy: 1, cx: 0.5, cy: 0.5))
        #expect(Self.withGaps == Self.withGaps)
        #expect(Self.withGaps == copy)
    }

    @Test func aGapIsNotAReadingAndEveryFieldCounts() {
        var reading = Self.withGaps
        reading.metres[0] = 2
        var noIntrinsics = Self.withGaps
        noIntrinsics.intrinsics = nil
        var tilted = Self.withGaps
        tilted.cameraToWorld[5] = 0.9
        let transposed = DepthMap(width: 1, height: 4, metres: Self.withGaps.metres,
                                  intrinsics: Self.withGaps.intrinsics)
        for other in [reading, noIntrinsics, tilted, transposed] {
            #expect(Self.withGaps != other)
            #expect(other != Self.withGaps)
        }
    }
}
