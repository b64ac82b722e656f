/// Reduces a depth map to the nearest obstacle, rejecting the floor by gravity.
///
/// A chest-mounted camera tilts down by whatever angle the strap holds that morning,
/// so the floor (always the nearest large surface in view) would otherwise drive a
/// continuous alert. Excluding a fixed band of the image works for one strap angle
/// only; instead each sample is placed in the world with the intrinsics and the
/// camera-to-world pose, the lowest surface in view is found per frame, and whatever
/// lies within `floorClearance` of it is discarded. Objects standing on the floor rise
/// above that plane and survive: a box in the walkway is exactly what must not be
/// filtered out with the floor under it.
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

    /// Samples within this height of the lowest surface in view are floor. 10 cm
    /// covers depth noise and a gently uneven floor at a few metres, yet stays under
    /// a kerb, a step or a low box (which a person would trip on) so those survive.
    public static let floorClearance: Float = 0.10

    /// The lowest surface is taken at this quantile of sample heights, not the single
    /// lowest sample: one spurious return below the floor would otherwise lower the
    /// plane and let the real floor through as an obstacle.
    public static let floorQuantile = 0.01

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
