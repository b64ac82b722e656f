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

    public static func reduce(_ map: DepthMap) -> Outcome {
        guard let k = map.intrinsics else { return .couldNotMeasure(.noIntrinsics) }
        let m = map.cameraToWorld
        let width = map.width, height = map.height
        // World height of every usable sample; NaN where unusable.
        var heights = [Float](repeating: .nan, count: width * height)
        var valid: [Float] = []
        valid.reserveCapacity(width * height)
        for v in 0..<height {
            let yRay = -(Float(v) - k.cy) / k.fy
            for u in 0..<width {
                let d = map.metres[v * width + u]
                guard d.isFinite, d > 0, d <= maximumRange else { continue }
                let x = (Float(u) - k.cx) / k.fx * d, y = yRay * d, z = -d
                let worldY = m[1] * x + m[5] * y + m[9] * z + m[13]
                guard worldY.isFinite else { continue }
                heights[v * width + u] = worldY
                valid.append(worldY)
            }
        }
        let roiStart = Int((Double(width) * (1 - regionOfInterestWidthFraction) / 2).rounded(.down))
        let roiEnd = max(roiStart + 1, width - roiStart)
        guard !valid.isEmpty else { return .couldNotMeasure(.noValidSamples) }
        valid.sort()
        let floorLevel = valid[min(valid.count - 1, Int(Double(valid.count) * floorQuantile))]
        let ceiling = floorLevel + floorClearance

        var nearest = Float.infinity, roiValid = false
        var zoneMinima: [Float] = [.infinity, .infinity, .infinity]
        for v in 0..<height {
            for u in 0..<width {
                let index = v * width + u
                let h = heights[index]
                guard !h.isNaN else { continue }
                if u >= roiStart && u < roiEnd { roiValid = true }
                guard h > ceiling else { continue }
                let d = map.metres[index]
                let zone = min(2, u * 3 / width)
                zoneMinima[zone] = min(zoneMinima[zone], d)
                if u >= roiStart && u < roiEnd { nearest = min(nearest, d) }
            }
        }
        guard roiValid else { return .couldNotMeasure(.noValidSamples) }
        guard nearest.isFinite else { return .couldNotMeasure(.onlyFloor) }
        let zone = { (value: Float) -> Double? in value.isFinite ? Double(value) : nil }
        let zones = ZoneReading(left: zone(zoneMinima[0]), centre: zone(zoneMinima[1]), right: zone(zoneMinima[2]))
        let distance = Double(nearest)
        return .measured(DepthReading(nearestMetres: distance, zones: zones, namedSide: zones.namedSide(spokenDistance: distance)))
    }
}
