import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// The fast reducer against the former algorithm, on hand-built and random realistic
/// scenes at a phone LiDAR's and a depth camera's resolution.
@Suite struct DepthReductionGoldenTests {
    /// Why two outcomes differ beyond `tolerance` metres, or nil when they agree: the same
    /// unmeasured case, or a measurement with the same distance, zones and named side.
    static func disagreement(_ fast: DepthReduction.Outcome, _ reference: DepthReduction.Outcome, tolerance: Double) -> String? {
        switch (fast, reference) {
        case let (.couldNotMeasure(a), .couldNotMeasure(b)):
            return a == b ? nil : "unmeasured as \(a), the reference says \(b)"
        case let (.measured(a), .measured(b)):
            if abs(a.nearestMetres - b.nearestMetres) > tolerance { return "nearest \(a.nearestMetres) vs \(b.nearestMetres)" }
            for (name, x, y) in zip(["left", "centre", "right"], zip(zoneValues(a), zoneValues(b))).map({ ($0, $1.0, $1.1) }) {
                switch (x, y) {
                case (nil, nil): continue
                case let (x?, y?) where abs(x - y) <= tolerance: continue
                default: return "\(name) zone \(String(describing: x)) vs \(String(describing: y))"
                }
            }
            return a.namedSide == b.namedSide ? nil : "side \(String(describing: a.namedSide)) vs \(String(describing: b.namedSide))"
        default:
            return "\(fast) vs \(reference)"
        }
    }

    static func zoneValues(_ reading: DepthReading) -> [Double?] { [reading.zones.left, reading.zones.centre, reading.zones.right] }

    /// The scenes DepthReductionTests builds by hand, at full sensor resolution.
    static func handBuilt(width: Int, height: Int) -> [SyntheticDepthScene] {
        var scenes = [5.0, 20, 30, 35, 40].map { SyntheticDepthScene(width: width, height: height, pitchDegrees: $0, wall: 4) }
        scenes += [10.0, 20, 35].map {
            SyntheticDepthScene(width: width, height: height, pitchDegrees: $0, wall: 6, boxes: [(x: -0.35...0.35, top: 0.5, near: 1.5, depth: 0.5)])
        }
        scenes += [0.05, 0.2].map {
            SyntheticDepthScene(width: width, height: height, pitchDegrees: 30, wall: nil, boxes: [(x: -2...2, top: $0, near: 2, depth: 0.3)])
        }
        scenes += [15.0, 60].map { SyntheticDepthScene(width: width, height: height, pitchDegrees: $0, wall: nil) }
        scenes.append(SyntheticDepthScene(width: width, height: height, pitchDegrees: 20, wall: 4,
                                          boxes: [(x: -1.6 ... -1.2, top: 2.5, near: 2.2, depth: 0.2)]))
        // A pose off by a degree either way, which the floor's allowance for distance is for.
        for (pitch, error) in [(20.0, 1.0), (30, 1), (30, -1)] {
            var scene = SyntheticDepthScene(width: width, height: height, pitchDegrees: pitch, wall: 9)
            scene.posePitchErrorDegrees = error
            scenes.append(scene)
        }
        // A level mount with no floor within the trusted range.
        var level = SyntheticDepthScene(width: width, height: height, pitchDegrees: 0, wall: nil,
                                        boxes: [(x: -2...2, top: 0.2, near: 4.5, depth: 0.3)])
        level.cameraHeight = 1.5
        scenes.append(level)
        return scenes
    }

    /// The golden set: the hand-built scenes and random realistic ones, with dropouts and
    /// zero returns but no depth noise. Noise is left out on purpose: the minimum of a
    /// noisy surface is an extreme of its noise, so two samplings of the same frame
    /// disagree by about the noise itself (a few centimetres at 5 m), whichever is used.
    /// So are slabs whose top is within 2 cm of the floor clearance: a kerb 4 mm above it
    /// shows as a sliver a pixel high that one sampling catches and another does not,
    /// and a millimetre of either way changes what both algorithms say.
    static func goldenSet(width: Int, height: Int, random count: Int) -> [SyntheticDepthScene] {
        let randomScenes = RealisticDepthScene.frames(count: count, width: width, height: height).compactMap { scene -> SyntheticDepthScene? in
            guard !scene.boxes.contains(where: { abs($0.top - Double(DepthReduction.floorClearance)) < 0.02 }) else { return nil }
            var scene = scene
            scene.faults.noiseFraction = 0
            scene.faults.spuriousFraction = 0
            return scene
        }
        return handBuilt(width: width, height: height) + randomScenes
    }

    @Test(arguments: [(256, 192, 60), (640, 480, 12)])
    func agreesWithTheFormerAlgorithmOnTheGoldenSet(_ width: Int, _ height: Int, _ count: Int) {
        let reducer = DepthReducer()
        var worst = 0.0, differing: [String] = []
        for (index, scene) in Self.goldenSet(width: width, height: height, random: count).enumerated() {
            let map = scene.render().map
            let fast = reducer.reduce(map), former = DepthReductionReference.reduce(map)
            if let a = fast.reading, let b = former.reading { worst = max(worst, abs(a.nearestMetres - b.nearestMetres)) }
            if let why = Self.disagreement(fast, former, tolerance: 0.01) { differing.append("scene \(index): \(why)") }
        }
        #expect(differing.isEmpty, "worst nearest difference \(worst) m: \(differing)")
    }

    /// On noisy frames the reducer reads more than the grid and less than every pixel:
    /// its distances lie between the two, and it is unmeasured exactly when the grid is.
    @Test(arguments: [(256, 192, 40), (640, 480, 8), (100, 75, 40)])
    func liesBetweenTheGridAndEveryPixelOnNoisyFrames(_ width: Int, _ height: Int, _ count: Int) {
        let reducer = DepthReducer()
        for (index, scene) in RealisticDepthScene.frames(count: count, width: width, height: height, firstSeed: 500).enumerated() {
            let map = scene.render().map
            let grid = DepthReductionReference.Samples.grid(of: map)
            let fast = reducer.reduce(map)
            let coarse = DepthReductionReference.reduce(map, floorSamples: grid, measuredSamples: grid)
            let fine = DepthReductionReference.reduce(map, floorSamples: grid)
            switch (fast, coarse, fine) {
            case let (.measured(f), .measured(c), .measured(e)):
                #expect(f.nearestMetres <= c.nearestMetres + 1e-5 && f.nearestMetres >= e.nearestMetres - 1e-5,
                        "seed \(500 + index): \(e.nearestMetres) ≤ \(f.nearestMetres) ≤ \(c.nearestMetres)")
                for (x, (y, z)) in zip(Self.zoneValues(f), zip(Self.zoneValues(c), Self.zoneValues(e))) {
                    #expect((x == nil) == (y == nil), "seed \(500 + index): a zone the grid measured")
                    if let x, let y, let z { #expect(x <= y + 1e-5 && x >= z - 1e-5, "seed \(500 + index): zone \(z) ≤ \(x) ≤ \(y)") }
                }
            case let (.couldNotMeasure(a), .couldNotMeasure(b), _):
                #expect(a == b, "seed \(500 + index)")
            default:
                Issue.record("seed \(500 + index): \(fast) but the grid gives \(coarse)")
            }
        }
    }

    /// A reducer reused across sizes and frames answers as a fresh one does.
    @Test func aReusedReducerAnswersAsAFreshOne() {
        let reducer = DepthReducer()
        for (width, height) in [(256, 192), (32, 24), (640, 480), (256, 192)] {
            for scene in RealisticDepthScene.frames(count: 3, width: width, height: height, firstSeed: UInt64(width)) {
                let map = scene.render().map
                #expect(reducer.reduce(map) == DepthReducer().reduce(map))
            }
        }
    }

    /// A pose or intrinsics that are themselves broken take the checked path and answer
    /// as the former algorithm does (no sample can be placed: could not measure).
    @Test(arguments: 0..<5)
    func aBrokenPoseAgreesWithTheFormerAlgorithm(_ fault: Int) {
        var map = SyntheticDepthScene(width: 256, height: 192, pitchDegrees: 20, wall: 3).render().map
        switch fault {
        case 0: map.cameraToWorld[5] = .nan
        case 1: map.cameraToWorld[13] = .infinity
        case 2: map.intrinsics?.fx = 0
        case 3: map.cameraToWorld[1] = 1e38
        default: map.intrinsics?.fy = .nan
        }
        let fast = DepthReducer().reduce(map), former = DepthReductionReference.reduce(map)
        #expect(Self.disagreement(fast, former, tolerance: 1e-5) == nil, "fault \(fault): \(fast) vs \(former)")
    }
}
