/// Says "it is too dark to read" once, after three dim frames in a row.
///
/// Three in a row, so a hand passing over the lens does not make the reader complain;
/// once, because the listener heard it the first time and repeating it every frame is
/// a channel they learn to ignore (Invariant 7). An adequate frame re-arms it: light
/// came back, so darkness returning is news again. An unmeasured frame neither counts
/// toward darkness nor re-arms: it says nothing about the light either way.
public struct DarknessTracker: Sendable {
    public static let defaultDimFrames = 3

    public let dimFrames: Int
    private var dimRun = 0
    private var said = false

    public init(dimFrames: Int = defaultDimFrames) {
        precondition(dimFrames >= 1, "darkness needs at least one dim frame to be said")
        self.dimFrames = dimFrames
    }

    /// Feeds one frame's luminance; true when "it is too dark to read" should be said now
    /// (`Phrasing.reading(.tooDark, locale:)`).
    public mutating func feed(_ luminance: FrameLuminance) -> Bool {
        switch luminance {
        case .dim:
            dimRun += 1
            guard dimRun >= dimFrames, !said else { return false }
            said = true
            return true
        case .adequate:
            dimRun = 0
            said = false
            return false
        case .unmeasured:
            return false
        }
    }

    /// The input ended on a dim frame that had not yet made a run long enough: held still
    /// for good it would, so true when "it is too dark to read" should be said now.
    public mutating func finish() -> Bool {
        guard dimRun > 0, !said else { return false }
        said = true
        return true
    }
}
