/// An edge of the camera frame.
public enum FrameEdge: String, CaseIterable, Hashable, Sendable, Codable {
    case left
    case right
    case top
    case bottom
}

/// The one thing worth telling someone aiming a camera at text.
///
/// Each case is about what the recognizer found and where, never about the page:
/// recognition failing to find text does not make a page blank (Invariant 2).
public enum FramingInstruction: Hashable, Sendable {
    /// Nothing recognized as text in the frame.
    case noTextRecognized
    /// Recognized text touches this edge, so some of it is probably outside the frame.
    case textPastEdge(FrameEdge)
    /// The recognized text is too few pixels tall to be read reliably.
    case textTooSmall
}
