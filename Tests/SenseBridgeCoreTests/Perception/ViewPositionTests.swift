import Testing
@testable import SenseBridgeCore

/// Where in the view a box is: thirds by its centre, every doubt leaning to "ahead",
/// and nothing placed without a box that measures something.
@Suite("ViewPosition")
struct ViewPositionTests {
    static func box(from left: Double, to right: Double) -> NormalizedBox {
        NormalizedBox(x: left, y: 0.2, width: right - left, height: 0.5)
    }

    @Test("a box in each third is left, ahead or right", arguments: [
        (0.0, 0.2, ViewPosition.left), (0.1, 0.3, .left), (0.4, 0.6, .ahead), (0.35, 0.65, .ahead),
        (0.7, 0.9, .right), (0.8, 1.0, .right),
    ])
    func thirds(left: Double, right: Double, expected: ViewPosition) {
        #expect(ViewPosition(box: Self.box(from: left, to: right)) == expected)
    }

    /// Just inside and just outside each boundary; a centre exactly on one is ahead.
    static let third: Double = 1.0 / 3
    static let twoThirds: Double = 2.0 / 3
    static let nearBoundaries: [(Double, ViewPosition)] = [
        (third - 1e-9, .left), (third, .ahead), (third + 1e-9, .ahead),
        (twoThirds - 1e-9, .ahead), (twoThirds, .ahead), (twoThirds + 1e-9, .right),
    ]

    @Test("the boundaries are the thirds, and a centre on one is ahead", arguments: nearBoundaries)
    func boundaries(centre: Double, expected: ViewPosition) {
        let box = NormalizedBox(x: centre - 0.05, y: 0, width: 0.1, height: 0.1)
        #expect(ViewPosition(box: box) == expected, "centre \(centre)")
    }

    /// A box straddling two thirds goes where its centre is, unless it reaches across
    /// the middle of the view: then it is in the way, and "on the left" would tell the
    /// listener the way ahead is freer than it is.
    @Test("a box straddling thirds: by its centre, but across the middle it is ahead", arguments: [
        (0.1, 0.45, ViewPosition.left),   // centre 0.275, stops short of the middle
        (0.0, 0.5, .left),                // touches the middle, does not cross it
        (0.0, 0.6, .ahead),               // centre 0.3 on the left, but across the middle
        (0.55, 0.9, .right),
        (0.5, 1.0, .right),
        (0.4, 1.0, .ahead),               // centre 0.7 on the right, but across the middle
        (0.0, 1.0, .ahead),               // the whole width
        (0.2, 0.5, .ahead),               // centre 0.35: the middle third
    ])
    func straddling(left: Double, right: Double, expected: ViewPosition) {
        #expect(ViewPosition(box: Self.box(from: left, to: right)) == expected, "\(left)–\(right)")
    }

    @Test("no box, or one that measures nothing, has no position")
    func unmeasured() {
        #expect(ViewPosition(box: nil) == nil)
        #expect(ViewPosition(box: NormalizedBox(x: 0.1, y: 0.1, width: 0, height: 0.2)) == nil)
        #expect(ViewPosition(box: NormalizedBox(x: 0.1, y: 0.1, width: 0.2, height: 0)) == nil)
        #expect(ViewPosition(box: NormalizedBox(x: .nan, y: 0.1, width: 0.2, height: 0.2)) == nil)
        #expect(ViewPosition(box: NormalizedBox(x: 0.1, y: 0.1, width: .infinity, height: 0.2)) == nil)
        #expect(ViewPosition(box: NormalizedBox(x: 1.2, y: 0.1, width: 0.2, height: 0.2)) == nil)
        #expect(ViewPosition(box: NormalizedBox(x: -0.5, y: 0.1, width: 0.2, height: 0.2)) == nil)
    }

    @Test("the speaking order is left, ahead, right")
    func order() {
        #expect(ViewPosition.allCases == [.left, .ahead, .right])
        #expect(ViewPosition.allCases.map(\.rawValue) == ["left", "ahead", "right"])
    }
}
