/// Where in the view a thing of sight is, from its measured box: left, ahead or right.
///
/// The words for it are the host's (`SpokenTable.position(_:)`), computed here from a
/// box the detector measured; a composer may never write a direction (the validator
/// refuses those words), so a position is never anybody's guess. A record without a
/// usable box has no position and is said without one: nothing is placed that was not
/// measured (Invariant 1).
///
/// The view is cut in thirds by the box's centre, the same thirds the depth zones use
/// (`ZoneReading`), so "on the left" means one thing whether depth or a detector said
/// it. One rule leans every doubt towards "ahead": a listener told "on the left"
/// concludes the way straight ahead is freer, so a box that reaches across the middle
/// of the view is ahead even when its centre lies in a side third (a sofa from the
/// left edge to past the middle is in the way), and a centre exactly on a boundary is
/// ahead.
///
/// `allCases` is the order positioned sentences are said in: left to right, as a reader
/// scans a line.
public enum ViewPosition: String, CaseIterable, Sendable, Codable {
    case left
    case ahead
    case right

    /// Where the left third ends: a centre below it is on the left.
    public static let leftBoundary = 1.0 / 3.0
    /// Where the right third begins: a centre above it is on the right.
    public static let rightBoundary = 2.0 / 3.0
    /// The middle of the view: a box that reaches across it is in the way, so ahead.
    public static let middle = 0.5

    /// The position of a box; nil for no box, or one that measures nothing (not finite,
    /// no width or height, or a centre outside the view).
    public init?(box: NormalizedBox?) {
        guard let box, ReadingOrder.isUsable(box) else { return nil }
        let left = box.x, right = box.x + box.width, centre = box.x + box.width / 2
        guard (0...1).contains(centre) else { return nil }
        if centre < Self.leftBoundary, right <= Self.middle {
            self = .left
        } else if centre > Self.rightBoundary, left >= Self.middle {
            self = .right
        } else {
            self = .ahead
        }
    }
}
