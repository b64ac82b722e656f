import Foundation

/// Random but plausible walking scenes, drawn from a seed: the frames the depth
/// reduction is checked and timed on beside hand-built ones.
///
/// Plausible means what a chest-mounted sensor meets on a walk: a strap pitched 5–40°
/// down and a little crooked, a wall ahead or open space, sometimes a corridor, a few
/// boxes, kerbs and poles on the floor, and the sensor faults of a phone LiDAR or a
/// time-of-flight camera. A bench frame that is a smooth ramp (nearly sorted heights)
/// flatters any sort-based reduction; these do not.
public enum RealisticDepthScene {
    public static func scene(seed: UInt64, width: Int, height: Int) -> SyntheticDepthScene {
        var random = SeededGenerator(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 7)
        func draw(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
        func chance(_ p: Double) -> Bool { draw(0...1) < p }

        var scene = SyntheticDepthScene(width: width, height: height, pitchDegrees: draw(5...40),
                                        wall: chance(0.7) ? draw(1.5...12) : nil)
        scene.horizontalFOVDegrees = draw(58...75)
        scene.cameraHeight = draw(1.0...1.5)
        scene.rollDegrees = draw(-8...8)
        scene.corridorHalfWidth = chance(0.35) ? draw(0.8...2.0) : nil
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let centre = draw(-2...2)
            let kind = Int.random(in: 0..<3, using: &random)
            // A pole, a box, or a kerb-like slab across the way.
            let halfWidth = kind == 0 ? draw(0.03...0.08) : kind == 1 ? draw(0.15...0.6) : draw(0.8...2.5)
            let top = kind == 0 ? draw(0.8...2.2) : kind == 1 ? draw(0.2...1.2) : draw(0.04...0.25)
            scene.boxes.append((x: (centre - halfWidth)...(centre + halfWidth), top: top, near: draw(0.6...8),
                                depth: kind == 0 ? 2 * halfWidth : draw(0.1...1)))
        }
        scene.faults = .init(noiseFraction: draw(0...0.01), dropoutFraction: draw(0...0.08), zeroFraction: draw(0...0.01),
                             spuriousFraction: draw(0...0.001), seed: random.next())
        return scene
    }

    /// `count` frames from consecutive seeds starting at `firstSeed`.
    public static func frames(count: Int, width: Int, height: Int, firstSeed: UInt64 = 1) -> [SyntheticDepthScene] {
        (0..<count).map { scene(seed: firstSeed + UInt64($0), width: width, height: height) }
    }
}
