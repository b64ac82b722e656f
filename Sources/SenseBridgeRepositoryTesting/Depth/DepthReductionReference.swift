import SenseBridgeCore

/// The depth reduction as it was before it was made fast: every sample's world height,
/// a full sort for the floor quantile, then a scan. Kept (bar the choice of pixels) as
/// the oracle the fast reducer is held to, and as the bench's "before". Its floor rule
/// is today's (`DepthReduction`: the quantile of floor heights, each sample's world
/// height plus its allowance beyond `floorTrustedRange`), written from the sample's
/// camera coordinates rather than the reducer's per-column and per-row terms, so the
/// golden tests compare like with like.
///
/// With the default samples it is the former algorithm, over every pixel. The
/// floor level and "was anything usable" come from `floorSamples`; the minima from
/// `measuredSamples`: the grid for both is the same rule over the fast reducer's
/// samples, and the grid's floor with every pixel's minima is the most any refinement
/// of the grid could find.
public enum DepthReductionReference {
    public struct Samples: Sendable {
        public var columns: [Int]?
        public var rows: [Int]?
        public static let everyPixel = Samples(columns: nil, rows: nil)
        public static func grid(of map: DepthMap) -> Samples {
            let grid = DepthSampleGrid(width: map.width, height: map.height)
            return Samples(columns: grid.columns, rows: Array(grid.rows))
        }
    }

    public static func reduce(_ map: DepthMap, floorSamples: Samples = .everyPixel,
                       measuredSamples: Samples = .everyPixel) -> DepthReduction.Outcome {
        guard let k = map.intrinsics else { return .couldNotMeasure(.noIntrinsics) }
        let m = map.cameraToWorld
        let width = map.width
        /// The sample's world height, and its floor height: that height plus the allowance
        /// for each metre of its distance from the camera beyond the trusted range.
        func place(_ u: Int, _ v: Int) -> (height: Float, floorHeight: Float)? {
            let d = map.metres[v * width + u]
            guard d.isFinite, d > 0, d <= DepthReduction.maximumRange else { return nil }
            let x = (Float(u) - k.cx) / k.fx * d, y = -(Float(v) - k.cy) / k.fy * d, z = -d
            let worldY = m[1] * x + m[5] * y + m[9] * z + m[13]
            let distance = (x * x + y * y + z * z).squareRoot()
            let floorHeight = worldY + max(0, distance - DepthReduction.floorTrustedRange) * DepthReduction.floorAllowancePerMetre
            return worldY.isFinite && floorHeight.isFinite ? (worldY, floorHeight) : nil
        }
        let roiStart = Int((Double(width) * (1 - DepthReduction.regionOfInterestWidthFraction) / 2).rounded(.down))
        let roiEnd = max(roiStart + 1, width - roiStart)
        var valid: [Float] = [], roiValid = false
        for v in floorSamples.rows ?? Array(0..<map.height) {
            for u in floorSamples.columns ?? Array(0..<width) {
                guard let placed = place(u, v) else { continue }
                valid.append(placed.floorHeight)
                if u >= roiStart && u < roiEnd { roiValid = true }
            }
        }
        guard !valid.isEmpty else { return .couldNotMeasure(.noValidSamples) }
        valid.sort()
        let floorLevel = valid[min(valid.count - 1, Int(Double(valid.count) * DepthReduction.floorQuantile))]
        let ceiling = floorLevel + DepthReduction.floorClearance

        var nearest = Float.infinity
        var zoneMinima: [Float] = [.infinity, .infinity, .infinity]
        for v in measuredSamples.rows ?? Array(0..<map.height) {
            for u in measuredSamples.columns ?? Array(0..<width) {
                guard let placed = place(u, v), placed.height > ceiling else { continue }
                let d = map.metres[v * width + u]
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
