/// Decides when the person is told a page was read turned: once per change, so they learn
/// to hold the next page right without hearing it before every page.
///
/// Judged on pages read, not on frames: the sentence says the page "was read" turned, so
/// it belongs before a reading, and a live camera reads a page only once its text has
/// settled (`LiveReadingStabilizer`), which also keeps an orientation guess that flickers
/// from frame to frame from being said.
///
/// - Document mode: said on the first page read turned, then again only when a page's
///   turn differs from the last one said, or a page read upright came between: the person
///   who turned one page right and then held the next one wrong again needs to hear it.
/// - Live mode: said once until the orientation changes. A page read upright is a change:
///   the person turned it right, and turning it over again is news.
public struct OrientationTracker: Sendable {
    public let live: Bool
    /// Document mode: the turn last said (degrees); nil before any was.
    private var lastSaid: Int?
    /// Live mode: the turn of the page read last (degrees), upright to start with.
    private var lastRead = 0

    public init(live: Bool) {
        self.live = live
    }

    /// A page is about to be read, turned by `turnedDegrees`: the turn to say first, or nil.
    public mutating func read(turnedDegrees: Int) -> PageTurn? {
        let turn = PageTurn(turnedDegrees: turnedDegrees)
        if live {
            defer { lastRead = turnedDegrees }
            return turnedDegrees == lastRead ? nil : turn
        }
        guard turn != nil else {
            lastSaid = nil
            return nil
        }
        guard turnedDegrees != lastSaid else { return nil }
        lastSaid = turnedDegrees
        return turn
    }
}
