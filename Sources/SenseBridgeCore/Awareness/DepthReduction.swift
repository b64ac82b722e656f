/// Reduces a depth map to the nearest obstacle, rejecting the floor by gravity.
///
/// A chest-mounted camera tilts down by whatever angle the strap holds that morning,
/// so the floor (always the nearest large surface in view) would otherwise drive a
/// continuous alert. Excluding a fixed band of the image works for one strap angle
/// only; instead each sample is placed in the world with the intrinsics and the
/// camera-to-world pose, the floor level is found per frame, and whatever lies within
/// `floorClearance` of it is discarded. Objects standing on the floor rise above that
/// plane and survive: a box in the walkway is exactly what must not be filtered out
/// with the floor under it.
///
/// The floor level is the `floorQuantile` of the samples' *floor heights*: a sample's
/// world height plus `floorAllowancePerMetre` for each metre it lies beyond
/// `floorTrustedRange` of the camera. Why: the pose comes from an accelerometer, and a
/// pose off by δ tilts the reconstructed floor, moving a sample ρ metres from the camera
/// by up to ρ·sin δ. With the level taken from plain heights over the whole view, out to
/// a depth camera's 10 m, the far floor set it, and half a degree of accelerometer noise
/// (8–9 cm at 10 m) let the floor under the walker's next steps through the clearance as
/// an obstacle at 1.5–2 m (docs/SYNTHETIC_SCENES.md). The floor that matters is the one
/// about to be stepped on: within 3 m a 0.5° error moves it by 2.6 cm, and the
/// allowance (a 2.9° slope) keeps the farther floor from undercutting it.
/// - Protects: a pose error up to about `floorClearance / floorTrustedRange` (1.9°,
///   three times the noise of a 0.01 g accelerometer; less what depth noise takes)
///   cannot lift the floor within 3 m through the clearance. The plain level allowed
///   about 0.6° (0.10 m over 10 m).
/// - Never rejects less than the plain level: allowances are ≥ 0, so the quantile can
///   only rise. Floor alone, with a true pose, is still `onlyFloor`, never clear.
/// - Needs no fallback, because nothing is cut off: with no floor within 3 m in view (a
///   level mount sees it from about 3.4 m; an obstacle can fill the bottom of the view)
///   the farther floor still sets the level, at most 5 cm higher for each metre the
///   nearest floor in view lies beyond 3 m (2 cm for a level Kinect 1.3 m up), which is
///   what a low obstacle then needs above the clearance. A hard cut at 3–4 m with a
///   fallback for too few samples was tried in a simulation of these scenes and
///   rejected: seen from a level mount 1.5 m up, the samples within reach in a corridor
///   were its side walls, whose lowest visible part lifted the level by 13 cm.
/// - Does not undo an error the other way, which raises the far floor: beyond about
///   0.10 m / sin δ from the nearest floor (7 m at 1°) it can still be read as a far
///   obstacle, as before. A plane fitted to the lowest samples would undo both, but it
///   follows whatever is lowest (a ramp, a low slab, the treads of stairs down) and
///   costs more passes per frame than one allowance in the pass that computes heights.
///
/// The samples are `DepthSampleGrid`'s (every fourth pixel of a 256-column map), the
/// floor level is their exact `floorQuantile`, and the work is `DepthReducer`'s.
///
/// Pure: no I/O, no clocks; the same map always gives the same answer.
public enum DepthReduction {
    /// Why a frame gave no reading. Every case means "could not measure", never "clear".
    public enum Failure: Equatable, Sendable {
        /// The map carries no intrinsics, so no sample can be placed in the world and
        /// the floor cannot be told from an obstacle. Reporting the floor's distance as
        /// an obstacle would alert forever and teach the user to ignore alerts;
        /// reporting nothing would hide real obstacles. So the frame is unmeasured.
        case noIntrinsics
        /// No sample in the region of interest had a usable depth (NaN, 0, negative).
        case noValidSamples
        /// Every usable sample in the region of interest was floor.
        case onlyFloor
    }

    public enum Outcome: Equatable, Sendable {
        case measured(DepthReading)
        case couldNotMeasure(Failure)

        public var reading: DepthReading? {
            if case let .measured(reading) = self { return reading }
            return nil
        }
    }

    /// Samples within this height of the floor level are floor. 10 cm covers depth
    /// noise and a gently uneven floor at a few metres, yet stays under a kerb, a step
    /// or a low box (which a person would trip on) so those survive.
    public static let floorClearance: Float = 0.10

    /// The floor level is taken at this quantile of the samples' floor heights, not the
    /// single lowest: one spurious return below the floor would otherwise lower the
    /// plane and let the real floor through as an obstacle.
    public static let floorQuantile = 0.01

    /// Within this distance of the camera (straight-line, which needs no pose) a
    /// sample's floor height is its world height. The floor that matters is the one the
    /// walker is about to step on, and here a pose error of 0.5° moves it by at most
    /// 2.6 cm, a 1.9° one by the whole clearance.
    public static let floorTrustedRange: Float = 3

    /// Beyond `floorTrustedRange`, a sample's floor height is raised by this much per
    /// metre (a 2.9° slope): far more than a plausible pose error (0.5°, 0.9 cm a metre)
    /// can have lowered it relative to the floor within that range, so the far floor
    /// cannot undercut the near one; small enough that when the only floor in view lies
    /// a metre or two beyond that range, it still sets the level within 5–10 cm.
    public static let floorAllowancePerMetre: Float = 0.05

    /// The distance is measured over the middle half of the width only: what is
    /// straight ahead is what a walker meets. Zones, by contrast, use the full width
    /// so each third spans enough angle to survive a strap's yaw.
    public static let regionOfInterestWidthFraction = 0.5

    /// Depths beyond this are not trusted as measurements (sensor range).
    public static let maximumRange: Float = 20

    /// Reduces one frame with fresh working memory. A stream of frames should keep one
    /// `DepthReducer`, which reuses its buffers; the answer is the same.
    public static func reduce(_ map: DepthMap) -> Outcome {
        DepthReducer().reduce(map)
    }

    /// The reading from the nearest depth above the floor in each of `DepthSampleGrid`'s
    /// five column ranges (infinity where none); the caller has already established that
    /// the region of interest had usable samples.
    static func outcome(segmentMinima m: [Float]) -> Outcome {
        let nearest = min(m[1], m[2], m[3])
        guard nearest.isFinite else { return .couldNotMeasure(.onlyFloor) }
        let zone = { (value: Float) -> Double? in value.isFinite ? Double(value) : nil }
        let zones = ZoneReading(left: zone(min(m[0], m[1])), centre: zone(m[2]), right: zone(min(m[3], m[4])))
        let distance = Double(nearest)
        return .measured(DepthReading(nearestMetres: distance, zones: zones, namedSide: zones.namedSide(spokenDistance: distance)))
    }
}
