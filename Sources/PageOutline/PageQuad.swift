import Foundation

/// A page's four corners in the frame, named as the page stands in it.
///
/// The page is taken as standing roughly upright in the frame (within 45°): a page turned
/// further is still flattened whole, and turning it upright is the orientation step's,
/// which runs on the flattened page.
public struct PageQuad: Equatable, Sendable {
    public var topLeft: PagePoint
    public var topRight: PagePoint
    public var bottomRight: PagePoint
    public var bottomLeft: PagePoint

    /// Top-left, top-right, bottom-right, bottom-left: the order the warp maps them in.
    public var corners: [PagePoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Four points in any order, named: clockwise around their centre (y runs down), from
    /// the one nearest the frame's top-left. nil unless there are exactly four.
    public init?(_ points: [PagePoint]) {
        guard points.count == 4 else { return nil }
        let centre = PagePoint(x: points.map(\.x).reduce(0, +) / 4, y: points.map(\.y).reduce(0, +) / 4)
        let clockwise = points.sorted { atan2($0.y - centre.y, $0.x - centre.x) < atan2($1.y - centre.y, $1.x - centre.x) }
        let first = clockwise.indices.min { clockwise[$0].x + clockwise[$0].y < clockwise[$1].x + clockwise[$1].y }!
        let named = (0..<4).map { clockwise[(first + $0) % 4] }
        self.init(topLeft: named[0], topRight: named[1], bottomRight: named[2], bottomLeft: named[3])
    }

    public init(topLeft: PagePoint, topRight: PagePoint, bottomRight: PagePoint, bottomLeft: PagePoint) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The shoelace area in square pixels.
    public var area: Double {
        let c = corners
        return abs((0..<4).reduce(0.0) { sum, i in
            let a = c[i], b = c[(i + 1) % 4]
            return sum + a.x * b.y - b.x * a.y
        }) / 2
    }

    /// Each corner's interior angle in degrees, nil when the quad is not convex (or is
    /// degenerate): turning the same way at every corner is what makes it convex.
    public var interiorAngles: [Double]? {
        let c = corners
        let turns = (0..<4).map { i -> Double in
            let previous = c[(i + 3) % 4], corner = c[i], next = c[(i + 1) % 4]
            return (corner.x - previous.x) * (next.y - corner.y) - (corner.y - previous.y) * (next.x - corner.x)
        }
        guard turns.allSatisfy({ $0 > 0 }) || turns.allSatisfy({ $0 < 0 }) else { return nil }
        let angles = (0..<4).compactMap { c[$0].angle(to: c[($0 + 3) % 4], c[($0 + 1) % 4]) }
        return angles.count == 4 ? angles : nil
    }

    /// The quad with each corner moved `fraction` of the way along its diagonal towards
    /// the opposite corner.
    public func inset(by fraction: Double) -> PageQuad {
        func towards(_ corner: PagePoint, _ opposite: PagePoint) -> PagePoint {
            PagePoint(x: corner.x + (opposite.x - corner.x) * fraction, y: corner.y + (opposite.y - corner.y) * fraction)
        }
        return PageQuad(topLeft: towards(topLeft, bottomRight), topRight: towards(topRight, bottomLeft),
                        bottomRight: towards(bottomRight, topLeft), bottomLeft: towards(bottomLeft, topRight))
    }

    /// The flattened page's size in pixels: each side as long as the longer of the two
    /// edges it comes from. The page's nearest part keeps its pixels and the rest is
    /// enlarged, so no letter comes out shorter than it was photographed: tesseract reads
    /// small text worse, and a flattened page must never read worse than the frame.
    /// Capped at `maximumSide` (tesseract's limit), the one case where text may shrink.
    public func flattenedSize(maximumSide: Int) -> (width: Int, height: Int) {
        let width = max(topLeft.distance(to: topRight), bottomLeft.distance(to: bottomRight)).rounded(.up)
        let height = max(topLeft.distance(to: bottomLeft), topRight.distance(to: bottomRight)).rounded(.up)
        let fit = min(1, Double(maximumSide) / max(width, height, 1))
        return (max(1, Int(width * fit)), max(1, Int(height * fit)))
    }
}
