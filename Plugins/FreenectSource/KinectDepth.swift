import SenseBridgeCore

/// The Kinect v1's depth image in the host's terms: 640×480 samples in metres along the
/// optical axis, with the pinhole intrinsics that place each one in the world.
///
/// Depth is read in `FREENECT_DEPTH_11BIT` and converted here, for one reason: the
/// fakenect of Debian's libfreenect 0.5.3 serves that format only (its
/// `freenect_find_depth_mode` asserts `FREENECT_DEPTH_11BIT`, and it has no registration
/// data for `FREENECT_DEPTH_MM`), so converting in the plugin is the one code path that
/// a live device and every recording share.
///
/// The conversion is libfreenect's own `freenect_raw_to_mm` (src/registration.c), with
/// the zero-plane values `freenect_init_registration` uses when none are read from a
/// device: reference distance 120 mm, reference pixel size 0.1042 mm, emitter-to-camera
/// distance 7.5 cm. A real unit's factory values differ by a few percent; that is the
/// accuracy these distances carry, which the half-metre steps the host speaks in absorb.
enum KinectDepth {
    static let width = 640
    static let height = 480
    /// `FREENECT_DEPTH_RAW_NO_VALUE`: the sensor saw no pattern there (glass, a dark or
    /// oblique surface, out of range).
    static let rawNoValue = 2047
    /// libfreenect's `DEPTH_MAX_METRIC_VALUE`: beyond 10 m the 11-bit disparity no longer
    /// resolves distance, so such a value is no reading rather than a far one.
    static let farthestMetres: Float = 10

    static let referenceDistanceMM = 120.0
    static let referencePixelSizeMM = 0.1042
    static let emitterDistanceCM = 7.5

    /// Focal length in pixels of the 640-wide image, as `freenect_camera_to_world`
    /// derives it: the zero-plane pixel is for the 1280-wide sensor, so twice its size
    /// at 640 (120 / (2 × 0.1042) ≈ 575.8). The principal point is the image centre,
    /// as that function takes it; per-unit calibrations (e.g. Burrus's 594.2 / 591.0,
    /// 339.3 / 242.7) differ by under 3 %.
    static let intrinsics = DepthMap.Intrinsics(
        fx: Float(referenceDistanceMM / (2 * referencePixelSizeMM)),
        fy: Float(referenceDistanceMM / (2 * referencePixelSizeMM)),
        cx: Float(width) / 2, cy: Float(height) / 2)

    /// libfreenect's `freenect_raw_to_mm`, in metres; nil where it gives no distance.
    static func metres(raw: Int) -> Float? {
        guard raw >= 0, raw < rawNoValue else { return nil }
        let fixed = (Double(raw) - 800) / 4 - 0.375
        let metric = fixed * referencePixelSizeMM
        let millimetres = 10 * (metric * referenceDistanceMM / (emitterDistanceCM - metric) + referenceDistanceMM)
        let metres = Float(millimetres / 1000)
        guard metres > 0, metres <= farthestMetres else { return nil }
        return metres
    }

    /// Every 11-bit value's metres, NaN for no reading: one table look-up per sample.
    static let table: [Float] = (0..<2048).map { metres(raw: $0) ?? .nan }

    /// Converts one raw frame (host byte order, as libfreenect and fakenect hand it over).
    static func convert(_ raw: UnsafeBufferPointer<UInt16>, into metres: inout [Float]) {
        precondition(raw.count == width * height && metres.count == raw.count, "a Kinect depth frame is 640×480")
        Self.table.withUnsafeBufferPointer { table in
            metres.withUnsafeMutableBufferPointer { out in
                for index in 0..<raw.count {
                    // The top five bits are unused in 11-bit mode; masking keeps a stray one in the table.
                    out[index] = table[Int(raw[index] & 0x07FF)]
                }
            }
        }
    }
}
