/// How a page stood when the reader found it, as the person is told it: upside down, or
/// on its side. Which side is not said: whether the page or the camera should turn, and
/// which way, depends on what the person holds and how the camera is mounted (the
/// reason `FramingGuidance` states edges rather than directions), and "on its side" is
/// enough to hold the next page right.
public enum PageTurn: Hashable, Sendable {
    /// Read turned 180°.
    case upsideDown
    /// Read turned 90° or 270°.
    case onItsSide

    /// The turn for a reader's `PageView.turnedDegrees`; nil for an upright page (0) and
    /// for anything that is not a quarter turn, which the host refuses before it gets here.
    public init?(turnedDegrees: Int) {
        switch turnedDegrees {
        case 180: self = .upsideDown
        case 90, 270: self = .onItsSide
        default: return nil
        }
    }
}
