/// Reduces one frame's recognized text boxes to at most one framing instruction.
///
/// One instruction, because a listener follows one at a time; by priority, because the
/// first problem hides the others: a page measured running out of the frame is the
/// surest fact and the one the person can act on (and text cut at an edge is usually
/// why); with no text found there is nothing else to measure; and text cut at an edge is
/// missing words whatever its size. A well-framed frame gives
/// nil and nothing is said: live reading judges several frames a second, and a channel
/// that says "looks good" whenever it has nothing to report is one the listener stops
/// hearing (Invariant 7).
///
/// An edge is stated, not turned into a direction to move: whether the camera or the
/// page should go left depends on which one the person is holding and on how the
/// camera is mounted, and a wrong direction is worse than none. Where the text is cut
/// is always true.
public enum FramingGuidance {
    /// A box this close to an edge (share of the frame) is taken to run past it: OCR
    /// boxes of text cut by the frame end on the edge or within a pixel or two of it.
    public static let edgeMargin = 0.01

    /// Median line-box height, in pixels, below which text counts as too small: "too
    /// small" is said only where enlarging cannot help. The tesseract reader enlarges
    /// print whose letters are under about ten pixels (`make bench`: the low-resolution
    /// pages, 12–16 pixel line boxes, read with 0–1.4 % of their characters wrong once
    /// enlarged), and no enlarging brings back a letter under about five pixels, a line
    /// box of about ten: its strokes were never sampled.
    public static let minimumTextHeightPixels = 10.0

    /// The instruction for a frame's text boxes (normalized, origin top-left), or nil
    /// when the text is well framed.
    ///
    /// - Parameters:
    ///   - boxes: the boxes of the text recognized in the frame; empty when none was.
    ///   - frameWidth, frameHeight: the frame in pixels; when either is not positive the
    ///     size cannot be judged and "too small" is never said.
    /// Boxes that are not finite or have no size are ignored; when every box is such,
    /// text was still recognized, so the answer is nil rather than "no text".
    ///   - judgingEdges: false when the boxes are not in the frame's coordinates (a page
    ///     read flattened or turned; `instruction(_:frameWidth:frameHeight:)` judges a
    ///     turned page's edges itself), so where they sit says nothing about the frame's edges.
    public static func instruction(boxes: [NormalizedBox], frameWidth: Int, frameHeight: Int,
                                   judgingEdges: Bool = true) -> FramingInstruction? {
        guard !boxes.isEmpty else { return .noTextRecognized }
        let usable = boxes.filter(ReadingOrder.isUsable)
        guard !usable.isEmpty else { return nil }
        if judgingEdges, let edge = mostTouchedEdge(usable) { return .textPastEdge(edge) }
        if frameWidth > 0, frameHeight > 0 {
            let heights = usable.map(\.height).sorted()
            if heights[(heights.count - 1) / 2] * Double(frameHeight) < minimumTextHeightPixels { return .textTooSmall }
        }
        return nil
    }

    /// The instruction for a frame's perception records: its text records with a
    /// non-blank label count as recognized text. Text recognized without any box gives
    /// nil: it was recognized, and where it sits is unknown.
    public static func instruction(records: [PerceptionRecord], frameWidth: Int, frameHeight: Int) -> FramingInstruction? {
        instruction(Perception(records: records), frameWidth: frameWidth, frameHeight: frameHeight)
    }

    /// The instruction for what a reader perceived in a frame, and how it found the page
    /// (`PageView`): the page's cut edges first (`instruction(cutEdges:)`); then its text
    /// records, as above, with each box judged where it means something. Edges are the
    /// frame's: a page read turned but not flattened has its boxes in the turned image,
    /// so they are turned back before their edges are judged; a page read flattened has
    /// them on the flattened page, which has no frame edges, so no text edge is judged
    /// from them (its cut edges say it instead). Size is the text's own height, in the
    /// image as read: a page read on its side was read from an image whose height is the
    /// frame's width.
    public static func instruction(_ perception: Perception, frameWidth: Int, frameHeight: Int) -> FramingInstruction? {
        let page = perception.page
        if let cut = instruction(cutEdges: page.cutEdges) { return cut }
        let text = perception.records.filter { $0.kind == .text && $0.label.contains { !$0.isWhitespace } }
        guard !text.isEmpty else { return .noTextRecognized }
        let boxes = text.compactMap(\.box)
        guard !boxes.isEmpty else { return nil }
        if !page.flattened, page.turnedDegrees != 0 {
            let inFrame = boxes.filter(ReadingOrder.isUsable).map { $0.turned(clockwiseQuarterTurns: -page.turnedDegrees / 90) }
            if let edge = mostTouchedEdge(inFrame) { return .textPastEdge(edge) }
        }
        let sideways = page.turnedDegrees % 180 == 90
        return instruction(boxes: boxes, frameWidth: sideways ? frameHeight : frameWidth, frameHeight: sideways ? frameWidth : frameHeight,
                           judgingEdges: !page.flattened && page.turnedDegrees == 0)
    }

    /// The instruction for the edges of a found page that run out of the frame; nil when
    /// none does. One edge is named, so the person brings it in. Two opposite edges, or
    /// three or four, mean the page is larger than the view: no edge can be brought in
    /// without losing the other, and moving back is the one thing that helps. Two edges
    /// that meet at a corner name one, in `FrameEdge.allCases` order (left first, since
    /// lines are read from their left end); once it is in, the other is said.
    public static func instruction(cutEdges: Set<FrameEdge>) -> FramingInstruction? {
        let opposite = cutEdges.isSuperset(of: [.left, .right]) || cutEdges.isSuperset(of: [.top, .bottom])
        if opposite || cutEdges.count >= 3 { return .holdFurtherAway }
        return FrameEdge.allCases.first(where: cutEdges.contains).map(FramingInstruction.pageEdgeOutOfView)
    }

    /// The edge the most boxes touch. Ties go left, right, top, bottom: lines are read
    /// from their left end, so a cut left edge loses the start of every line.
    private static func mostTouchedEdge(_ boxes: [NormalizedBox]) -> FrameEdge? {
        var counts: [FrameEdge: Int] = [:]
        for box in boxes {
            if box.x <= edgeMargin { counts[.left, default: 0] += 1 }
            if box.x + box.width >= 1 - edgeMargin { counts[.right, default: 0] += 1 }
            if box.y <= edgeMargin { counts[.top, default: 0] += 1 }
            if box.y + box.height >= 1 - edgeMargin { counts[.bottom, default: 0] += 1 }
        }
        var best: (edge: FrameEdge, count: Int)?
        for edge in FrameEdge.allCases {
            if let count = counts[edge], count > best?.count ?? 0 { best = (edge, count) }
        }
        return best?.edge
    }
}
