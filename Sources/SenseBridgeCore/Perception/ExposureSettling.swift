/// Which camera frame a one-shot description looks at: the first after the exposure
/// has settled, as the seed's Describe takes its capture.
///
/// A camera just opened hands over its first frames while its automatic exposure is
/// still finding the light: dark or washed out, with the detector's confidence falling
/// with them. Described then, a room reads as "nothing recognized" and the person is
/// told something false about the detector's view. So the frame chosen is the first
/// whose brightness has held still over `steadyFrames` consecutive frames, within
/// `tolerance` of the one before; a camera that never settles (a flickering lamp, a
/// driver with exposure stuck hunting) still gets described, at `maximumFrames`, so a
/// person never waits on a camera forever.
///
/// Pure: brightness in, a decision out; the session measures frames and counts them.
public struct ExposureSettling: Sendable, Equatable {
    /// Mean-luma change (of 255) below which two frames count as the same exposure: a
    /// tenth of the step a typical auto-exposure makes per frame while it converges, and
    /// above the sensor noise of a still scene.
    public static let defaultTolerance = 2.0
    /// Three frames (a fifth of a second at 15 fps) of steady light.
    public static let defaultSteadyFrames = 3
    /// Two seconds at 15 fps: longer than any converging exposure measured on a webcam,
    /// short enough that a press of "describe" is still answered promptly.
    public static let defaultMaximumFrames = 30

    public let tolerance: Double
    public let steadyFrames: Int
    public let maximumFrames: Int

    private var previous: Double?
    private var steady = 0
    private var seen = 0

    public init(tolerance: Double = defaultTolerance, steadyFrames: Int = defaultSteadyFrames,
                maximumFrames: Int = defaultMaximumFrames) {
        precondition(steadyFrames >= 1 && maximumFrames >= 1, "a capture needs at least one frame")
        self.tolerance = tolerance
        self.steadyFrames = steadyFrames
        self.maximumFrames = maximumFrames
    }

    /// Feeds one frame's mean luma (nil: the frame could not be measured, which breaks a
    /// steady run, since nothing says its light matched). True when this frame is the one
    /// to describe.
    public mutating func isSettled(afterFrameWithMeanLuma luma: Double?) -> Bool {
        seen += 1
        if let luma, let previous, abs(luma - previous) <= tolerance {
            steady += 1
        } else {
            steady = luma == nil ? 0 : 1
        }
        previous = luma
        return steady >= steadyFrames || seen >= maximumFrames
    }
}
