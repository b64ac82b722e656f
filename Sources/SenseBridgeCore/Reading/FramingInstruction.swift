/// An edge of the camera frame.
public enum FrameEdge: String, CaseIterable, Hashable, Sendable, Codable {
    case left
    case right
    case top
    case bottom
}

/// The one thing worth telling someone aiming a camera at text.
///
/// Each case is about what the recognizer found and where: recognition failing to find
/// text does not make a page blank (Invariant 2). The page itself is spoken of only where
/// the reader found its outline and measured it running out of the frame.
public enum FramingInstruction: Hashable, Sendable {
    /// The page's outline was found and this one of its edges (the page upright, as
    /// read) runs out of the frame (`PageView.cutEdges`).
    case pageEdgeOutOfView(FrameEdge)
    /// The page runs out of the frame on two opposite edges, or on three or four: no
    /// one edge to bring in, the page is bigger than the view.
    case holdFurtherAway
    /// Nothing recognized as text in the frame.
    case noTextRecognized
    /// Recognized text touches this edge, so some of it is probably outside the frame.
    case textPastEdge(FrameEdge)
    /// The recognized text is too few pixels tall to be read reliably.
    case textTooSmall
}
