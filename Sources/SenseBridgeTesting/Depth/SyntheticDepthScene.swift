import Foundation
import SenseBridgeCore

/// A ray-cast depth map of a floor, optional walls and optional boxes, seen by a
/// chest-mounted camera that is pitched down and rolled: the geometry
/// scripts/make-corridor-recording.py uses, written independently so the reduction is
/// checked against a second implementation.
///
/// Sensor faults are part of the scene rather than an afterthought, because they are
/// what a real frame carries: multiplicative depth noise, dropouts (NaN), zero returns
/// and the odd spurious far return (a reflection). They are drawn from a seed so a
/// failing frame can be rebuilt exactly.
public struct SyntheticDepthScene: Sendable {
    public var width = 32
    public var height = 24
    public var horizontalFOVDegrees = 60.0
    public var cameraHeight = 1.3
    public var pitchDegrees = 20.0
    /// Rotation about the view axis: a strap that sits crooked.
    public var rollDegrees = 0.0
    /// How far the pose the map carries is off in pitch, as an accelerometer's noise puts
    /// it (0.01 g is about 0.6°): the scene is seen at `pitchDegrees`, the map says this
    /// much more. Positive tilts the reconstructed floor down with distance.
    public var posePitchErrorDegrees = 0.0
    /// Distance of a wall across the whole view (along world −Z); nil for none.
    public var wall: Double? = 6
    /// Half the width of a corridor (walls at world x = ±this); nil for open space.
    public var corridorHalfWidth: Double?
    /// Boxes standing on the floor: x range, top height, near face distance, depth.
    public var boxes: [Box] = []
    public var faults = SensorFaults()

    public typealias Box = (x: ClosedRange<Double>, top: Double, near: Double, depth: Double)

    public struct SensorFaults: Sendable {
        /// Standard deviation of the depth noise as a fraction of the depth.
        public var noiseFraction = 0.0
        /// Fraction of pixels with no return (NaN).
        public var dropoutFraction = 0.0
        /// Fraction of pixels that read 0, as some sensors report "no return".
        public var zeroFraction = 0.0
        /// Fraction of pixels that read a far, wrong depth (multipath).
        public var spuriousFraction = 0.0
        public var seed: UInt64 = 1
        public init(noiseFraction: Double = 0, dropoutFraction: Double = 0, zeroFraction: Double = 0,
                    spuriousFraction: Double = 0, seed: UInt64 = 1) {
            self.noiseFraction = noiseFraction
            self.dropoutFraction = dropoutFraction
            self.zeroFraction = zeroFraction
            self.spuriousFraction = spuriousFraction
            self.seed = seed
        }
    }

    public enum Surface: Sendable { case floor, wall, box, none }

    public init(width: Int = 32, height: Int = 24, pitchDegrees: Double = 20, wall: Double? = 6, boxes: [Box] = []) {
        self.width = width
        self.height = height
        self.pitchDegrees = pitchDegrees
        self.wall = wall
        self.boxes = boxes
    }

    public var fx: Double { Double(width) / 2 / tan(horizontalFOVDegrees * .pi / 360) }
    public var cx: Double { Double(width - 1) / 2 }
    public var cy: Double { Double(height - 1) / 2 }

    /// Camera-to-world rotation, rows: a roll about the view axis, then a pitch down.
    private var rotation: [[Double]] { rotation(pitchDegrees: pitchDegrees) }

    private func rotation(pitchDegrees: Double) -> [[Double]] {
        let p = -pitchDegrees * .pi / 180, r = rollDegrees * .pi / 180
        let c = cos(p), s = sin(p), cr = cos(r), sr = sin(r)
        // Rx(p) · Rz(r)
        return [[cr, -sr, 0], [c * sr, c * cr, -s], [s * sr, s * cr, c]]
    }

    /// Column-major camera-to-world as the map reports it: the rotation (with
    /// `posePitchErrorDegrees`), then the camera height.
    public var cameraToWorld: [Float] {
        let m = rotation(pitchDegrees: pitchDegrees + posePitchErrorDegrees)
        return [Float(m[0][0]), Float(m[1][0]), Float(m[2][0]), 0,
                Float(m[0][1]), Float(m[1][1]), Float(m[2][1]), 0,
                Float(m[0][2]), Float(m[1][2]), Float(m[2][2]), 0,
                0, Float(cameraHeight), 0, 1]
    }

    public func render() -> (map: DepthMap, surfaces: [Surface]) {
        var metres = [Float](repeating: .nan, count: width * height)
        var surfaces = [Surface](repeating: .none, count: width * height)
        let m = rotation
        var random = SeededGenerator(seed: faults.seed)
        for v in 0..<height {
            for u in 0..<width {
                let x = (Double(u) - cx) / fx, y = -(Double(v) - cy) / fx, z = -1.0
                let d = (m[0][0] * x + m[0][1] * y + m[0][2] * z,
                         m[1][0] * x + m[1][1] * y + m[1][2] * z,
                         m[2][0] * x + m[2][1] * y + m[2][2] * z)
                var nearest = Double.infinity, surface = Surface.none
                func consider(_ t: Double?, _ kind: Surface) {
                    if let t, t > 0, t < nearest { nearest = t; surface = kind }
                }
                if d.1 < 0 { consider(-cameraHeight / d.1, .floor) }
                if let wall, d.2 < 0 { consider(wall / -d.2, .wall) }
                if let half = corridorHalfWidth, d.0 != 0 { consider((d.0 > 0 ? half : -half) / d.0, .wall) }
                for box in boxes { consider(boxHit(direction: d, box: box), .box) }
                let index = v * width + u
                guard nearest.isFinite else { continue }
                metres[index] = Float(nearest)
                surfaces[index] = surface
                applyFaults(to: &metres[index], surface: &surfaces[index], using: &random)
            }
        }
        let map = DepthMap(width: width, height: height, metres: metres, cameraToWorld: cameraToWorld,
                           intrinsics: .init(fx: Float(fx), fy: Float(fx), cx: Float(cx), cy: Float(cy)))
        return (map, surfaces)
    }

    /// A faulty pixel loses its surface label: it no longer shows what is there.
    private func applyFaults(to depth: inout Float, surface: inout Surface, using random: inout SeededGenerator) {
        let draw = Double.random(in: 0..<1, using: &random)
        if draw < faults.dropoutFraction {
            depth = .nan
            surface = .none
        } else if draw < faults.dropoutFraction + faults.zeroFraction {
            depth = 0
            surface = .none
        } else if draw < faults.dropoutFraction + faults.zeroFraction + faults.spuriousFraction {
            depth = Float.random(in: 8...19, using: &random)
            surface = .none
        } else if faults.noiseFraction > 0 {
            depth *= Float(1 + faults.noiseFraction * Self.gaussian(using: &random))
        }
    }

    private static func gaussian(using random: inout SeededGenerator) -> Double {
        let a = Double.random(in: Double.ulpOfOne..<1, using: &random), b = Double.random(in: 0..<1, using: &random)
        return (-2 * log(a)).squareRoot() * cos(2 * .pi * b)
    }

    private func boxHit(direction d: (Double, Double, Double), box: Box) -> Double? {
        let origin = (0.0, cameraHeight, 0.0)
        var tMin = 0.0, tMax = Double.infinity
        for (o, dir, low, high) in [(origin.0, d.0, box.x.lowerBound, box.x.upperBound), (origin.1, d.1, 0.0, box.top),
                                    (origin.2, d.2, -(box.near + box.depth), -box.near)] {
            if abs(dir) < 1e-9 {
                if o < low || o > high { return nil }
                continue
            }
            let t1 = (low - o) / dir, t2 = (high - o) / dir
            tMin = max(tMin, min(t1, t2))
            tMax = min(tMax, max(t1, t2))
        }
        return tMin <= tMax && tMin > 0 ? tMin : nil
    }
}
