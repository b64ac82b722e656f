/// How a reader found the page it read (sb_perceive_result's 1.7 fields).
///
/// A person who cannot see the page cannot see how they hold it either: the host tells
/// them once that it was read turned around, and which edge to bring into view. So a
/// reader reports what it did to the image rather than hiding it, and a reader that did
/// nothing (or predates 1.7) reports `asGiven`, of which the host says nothing.
public struct PageView: Equatable, Hashable, Sendable, Codable {
    /// The only turns a page's text stands in that a reader rights; the ABI refuses any other.
    public static let rightAngles = [0, 90, 180, 270]

    /// Clockwise degrees the image was turned to be read upright: 0, 90, 180 or 270.
    public var turnedDegrees: Int
    /// The page's corners were found and it was read flattened (boxes on the flattened page).
    public var flattened: Bool
    /// Edges of the page, as read upright, that run out of the frame.
    public var cutEdges: Set<FrameEdge>

    public init(turnedDegrees: Int = 0, flattened: Bool = false, cutEdges: Set<FrameEdge> = []) {
        self.turnedDegrees = turnedDegrees
        self.flattened = flattened
        self.cutEdges = cutEdges
    }

    /// Read as the camera gave it: not turned, no page outline found.
    public static let asGiven = PageView()
}
