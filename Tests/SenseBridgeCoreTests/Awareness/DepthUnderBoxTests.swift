import Testing
@testable import SenseBridgeCore

/// The distance under a detected thing's box: measured where depth there was measured,
/// the near part of what the box holds, and nothing claimed otherwise (Invariant 2).
@Suite("DepthUnderBox")
struct DepthUnderBoxTests {
    /// The Kinect's two cameras: depth at 575.8 px, colour at 525 px, both 640×480.
    static let depthK = DepthMap.Intrinsics(fx: 575.8, fy: 575.8, cx: 320, cy: 240)
    static let colourK = DepthMap.Intrinsics(fx: 525, fy: 525, cx: 319.5, cy: 239.5)
    static let picture = DepthUnderBox.Picture(width: 640, height: 480, intrinsics: colourK)
    static let middle = NormalizedBox(x: 0.35, y: 0.35, width: 0.3, height: 0.3)

    /// A 640×480 map at `background`, with `patch` (depth pixel rectangle) at `near`.
    static func map(background: Float, patch: (x: Range<Int>, y: Range<Int>)? = nil, near: Float = 1,
                    intrinsics: DepthMap.Intrinsics? = depthK) -> DepthMap {
        var metres = [Float](repeating: background, count: 640 * 480)
        if let patch {
            for y in patch.y { for x in patch.x { metres[y * 640 + x] = near } }
        }
        return DepthMap(width: 640, height: 480, metres: metres, intrinsics: intrinsics)
    }

    @Test("a wall at 2 m under the box is 2 m away")
    func aWall() {
        #expect(DepthUnderBox.distance(of: Self.middle, in: Self.picture, depth: Self.map(background: 2)) == 2)
    }

    @Test("a near thing filling the middle of its box is said at its own distance, not the wall's behind it")
    func theNearPartOfTheBox() {
        // The box's middle, mapped into depth pixels: colour 224...416 × 168...312 becomes
        // about 225...415 × 169...311 at 575.8 / 525; the chair fills its left 40 %.
        let chair = Self.map(background: 3, patch: (x: 200..<300, y: 150..<330), near: 1.2)
        let said = try? #require(DepthUnderBox.distance(of: Self.middle, in: Self.picture, depth: chair))
        #expect(said == Double(Float(1.2)))
        // A sliver under a tenth of the middle is background clutter: the wall is said.
        let sliver = Self.map(background: 3, patch: (x: 226..<240, y: 150..<330), near: 1.2)
        #expect(DepthUnderBox.distance(of: Self.middle, in: Self.picture, depth: sliver) == 3)
    }

    @Test("where depth under the box was not measured, no distance is claimed", arguments: [0.45, 0.55])
    func unmeasured(measuredShare: Double) {
        // Rows of the box's middle blanked from the top until only `measuredShare` is left.
        var map = Self.map(background: 2)
        let top = 168, bottom = 312
        let blank = top + Int(Double(bottom - top) * (1 - measuredShare))
        for y in 0..<blank { for x in 0..<640 { map.metres[y * 640 + x] = .nan } }
        let said = DepthUnderBox.distance(of: Self.middle, in: Self.picture, depth: map)
        #expect((said != nil) == (measuredShare > DepthUnderBox.minimumMeasuredShare), "\(String(describing: said))")
    }

    @Test("without intrinsics on either side nothing can be placed, so nothing is said")
    func needsIntrinsics() {
        #expect(DepthUnderBox.distance(of: Self.middle, in: .init(width: 640, height: 480, intrinsics: nil),
                                       depth: Self.map(background: 2)) == nil)
        #expect(DepthUnderBox.distance(of: Self.middle, in: Self.picture, depth: Self.map(background: 2, intrinsics: nil)) == nil)
    }

    @Test("a box mostly outside the depth camera's view, or too small to hold samples, has no distance")
    func outOfViewAndTooSmall() {
        // A colour camera twice as wide as the depth camera: its left edge is out of depth's view.
        let wide = DepthUnderBox.Picture(width: 640, height: 480, intrinsics: .init(fx: 262, fy: 262, cx: 319.5, cy: 239.5))
        #expect(DepthUnderBox.distance(of: NormalizedBox(x: 0, y: 0.4, width: 0.2, height: 0.2), in: wide,
                                       depth: Self.map(background: 2)) == nil)
        #expect(DepthUnderBox.distance(of: NormalizedBox(x: 0.5, y: 0.5, width: 0.01, height: 0.01), in: Self.picture,
                                       depth: Self.map(background: 2)) == nil)
    }

    @Test("a box of no size or of numbers that are not numbers has no distance")
    func badBoxes() {
        for box in [NormalizedBox(x: 0.4, y: 0.4, width: 0, height: 0.2), NormalizedBox(x: .nan, y: 0.4, width: 0.2, height: 0.2),
                    NormalizedBox(x: 0.4, y: 0.4, width: .infinity, height: 0.2)] {
            #expect(DepthUnderBox.distance(of: box, in: Self.picture, depth: Self.map(background: 2)) == nil, "\(box)")
        }
    }
}
