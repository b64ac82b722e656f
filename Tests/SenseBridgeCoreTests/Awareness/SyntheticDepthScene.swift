import Foundation
import SenseBridgeCore

/// A ray-cast depth map of a floor, an optional wall and optional boxes, seen by a
/// pitched camera: the same geometry scripts/make-corridor-recording.py uses, written
/// independently so the reduction is checked against a second implementation.
struct SyntheticDepthScene {
    var width = 32
    var height = 24
    var horizontalFOVDegrees = 60.0
    var cameraHeight = 1.3
    var pitchDegrees = 20.0
    /// Distance of a wall across the whole view (along world −Z); nil for none.
    var wall: Double? = 6
    /// Boxes standing on the floor: x range, top height, near face distance, depth.
    var boxes: [(x: ClosedRange<Double>, top: Double, near: Double, depth: Double)] = []

    enum Surface { case floor, wall, box, none }

    var fx: Double { Double(width) / 2 / tan(horizontalFOVDegrees * .pi / 360) }
    var cx: Double { Double(width - 1) / 2 }
    var cy: Double { Double(height - 1) / 2 }

    /// Column-major camera-to-world: a rotation about X by −pitch, then the camera height.
    var cameraToWorld: [Float] {
        let c = cos(-pitchDegrees * .pi / 180), s = sin(-pitchDegrees * .pi / 180)
        return [1, 0, 0, 0, 0, Float(c), Float(s), 0, 0, Float(-s), Float(c), 0, 0, Float(cameraHeight), 0, 1]
    }

    func render() -> (map: DepthMap, surfaces: [Surface]) {
        var metres: [Float] = []
        var surfaces: [Surface] = []
        let c = cos(-pitchDegrees * .pi / 180), s = sin(-pitchDegrees * .pi / 180)
        for v in 0..<height {
            for u in 0..<width {
                let x = (Double(u) - cx) / fx, y = -(Double(v) - cy) / fx, z = -1.0
                let d = (x, c * y - s * z, s * y + c * z)
                var hits: [(Double, Surface)] = []
                if d.1 < 0 { hits.append((-cameraHeight / d.1, .floor)) }
                if let wall, d.2 < 0 { hits.append((wall / -d.2, .wall)) }
                for box in boxes {
                    if let t = boxHit(origin: (0, cameraHeight, 0), direction: d, box: box) { hits.append((t, .box)) }
                }
                if let nearest = hits.min(by: { $0.0 < $1.0 }) {
                    metres.append(Float(nearest.0))
                    surfaces.append(nearest.1)
                } else {
                    metres.append(.nan)
                    surfaces.append(.none)
                }
            }
        }
        let map = DepthMap(width: width, height: height, metres: metres, cameraToWorld: cameraToWorld,
                           intrinsics: .init(fx: Float(fx), fy: Float(fx), cx: Float(cx), cy: Float(cy)))
        return (map, surfaces)
    }

    private func boxHit(origin: (Double, Double, Double), direction: (Double, Double, Double),
                        box: (x: ClosedRange<Double>, top: Double, near: Double, depth: Double)) -> Double? {
        let bounds = [(box.x.lowerBound, box.x.upperBound), (0.0, box.top), (-(box.near + box.depth), -box.near)]
        let o = [origin.0, origin.1, origin.2], d = [direction.0, direction.1, direction.2]
        var tMin = 0.0, tMax = Double.infinity
        for axis in 0..<3 {
            if abs(d[axis]) < 1e-9 {
                if o[axis] < bounds[axis].0 || o[axis] > bounds[axis].1 { return nil }
                continue
            }
            let t1 = (bounds[axis].0 - o[axis]) / d[axis], t2 = (bounds[axis].1 - o[axis]) / d[axis]
            tMin = max(tMin, min(t1, t2))
            tMax = min(tMax, max(t1, t2))
        }
        return tMin <= tMax && tMin > 0 ? tMin : nil
    }
}
