import Foundation
import SenseBridgeCore

/// The frames handed to depth_reference.py, in the layout its docstring gives: raw
/// little-endian floats, so NumPy reads them without parsing and both sides time the
/// reduction alone.
enum DepthFrameFile {
    static func write(_ maps: [DepthMap], to url: URL) throws {
        var bytes = Data("SBDEPTH1".utf8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func append(_ value: Float) { append(value.bitPattern) }
        append(UInt32(maps.count))
        for map in maps {
            guard let k = map.intrinsics else { throw MeasuredRun.Failed(description: "a bench depth frame has no intrinsics") }
            append(UInt32(map.width))
            append(UInt32(map.height))
            for value in [k.fx, k.fy, k.cx, k.cy] + map.cameraToWorld + map.metres { append(value) }
        }
        try bytes.write(to: url)
    }
}
