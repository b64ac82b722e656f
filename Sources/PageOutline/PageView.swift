import SenseBridgeCore

/// How the reader found the page it read: ABI 1.7's `PageView`, kept here until
/// SenseBridgeCore carries it.
public struct PageView: Equatable, Hashable, Sendable {
    public var turnedDegrees: Int
    public var flattened: Bool
    public var cutEdges: Set<FrameEdge>

    public init(turnedDegrees: Int = 0, flattened: Bool = false, cutEdges: Set<FrameEdge> = []) {
        self.turnedDegrees = turnedDegrees
        self.flattened = flattened
        self.cutEdges = cutEdges
    }

    public static let asGiven = PageView()
}
