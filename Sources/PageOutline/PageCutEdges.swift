import SenseBridgeCore

/// Which edges of a page run out of the frame, and what they are called once the page is
/// turned to be read.
public enum PageCutEdges {
    /// The frame's edges that `outline` (a page's outline in a `width` x `height` frame)
    /// runs along for at least `minimumRun` of their length, a vertex within `margin`
    /// pixels of an edge counting as on it. Where the frame cuts the page, its outline
    /// follows the frame's edge; a corner of the page merely touching it does not count.
    ///
    /// The page is taken as standing in the frame as it was photographed, roughly upright:
    /// its top edge is the one towards the frame's top, so a page cut by the frame's top
    /// edge has its top edge out of view. A page turned to be read has these turned with
    /// it (`turned`).
    public static func along(_ outline: [PagePoint], width: Int, height: Int, margin: Double, minimumRun: Double) -> Set<FrameEdge> {
        let right = Double(width - 1), bottom = Double(height - 1)
        func on(_ edge: FrameEdge, _ point: PagePoint) -> Bool {
            switch edge {
            case .left: return point.x <= margin
            case .right: return point.x >= right - margin
            case .top: return point.y <= margin
            case .bottom: return point.y >= bottom - margin
            }
        }
        var cut: Set<FrameEdge> = []
        for (index, start) in outline.enumerated() {
            let end = outline[(index + 1) % outline.count]
            for edge in FrameEdge.allCases where on(edge, start) && on(edge, end) {
                let length = edge == .left || edge == .right ? Double(height) : Double(width)
                if start.distance(to: end) >= minimumRun * length { cut.insert(edge) }
            }
        }
        return cut
    }

    /// `edges` of a page named again after the page is turned clockwise by `quarterTurns`
    /// quarter turns (negative: counter-clockwise), as the orientation step turns a page
    /// it found sideways or upside down: turned a quarter clockwise, what was the page's
    /// top is now its right. The framing guidance names edges of the page as read, so a
    /// cut edge found before the turn must be named after it.
    public static func turned(_ edges: Set<FrameEdge>, quarterTurns: Int) -> Set<FrameEdge> {
        let clockwise: [FrameEdge] = [.top, .right, .bottom, .left]
        let steps = ((quarterTurns % 4) + 4) % 4
        return Set(edges.map { clockwise[(clockwise.firstIndex(of: $0)! + steps) % 4] })
    }
}
