import Foundation

/// A point in a frame's pixels, origin top-left, y down.
public struct PagePoint: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func distance(to other: PagePoint) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// The angle in degrees at this point between the lines to `a` and to `b`, 0...180;
    /// nil when either is this point.
    public func angle(to a: PagePoint, _ b: PagePoint) -> Double? {
        let toA = (x: a.x - x, y: a.y - y), toB = (x: b.x - x, y: b.y - y)
        let lengths = distance(to: a) * distance(to: b)
        guard lengths > 0 else { return nil }
        return acos(max(-1, min(1, (toA.x * toB.x + toA.y * toB.y) / lengths))) * 180 / .pi
    }
}
