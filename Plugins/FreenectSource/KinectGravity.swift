import SenseBridgeCore

/// The camera-to-world pose from the Kinect's accelerometer: the tilt floor rejection needs.
///
/// The depth reduction places every sample in the world to tell the floor from an
/// obstacle, so it needs which way is up in the camera's frame; a chest strap holds the
/// camera at a different pitch every morning, and the accelerometer (a Kionix KXSD9 in
/// the Kinect's base, `FREENECT_COUNTS_PER_G` = 819 counts per g) measures exactly that.
///
/// Axes. At rest an accelerometer measures the reaction to gravity: a vector pointing up.
/// This plugin takes the Kinect's x, y, z as the camera's own (x right, y up, z back
/// from the scene, the frame `DepthMap.cameraToWorld` maps from), so a level Kinect
/// reads about (0, +1 g, 0) and one pitched down by θ reads (0, cos θ, sin θ). The sign
/// of the whole vector is normalised so that up has a positive y: a chest-mounted camera
/// is never upside down, and this keeps a unit whose firmware reports gravity rather
/// than its reaction right. The axis directions are libfreenect's as documented
/// (`freenect_get_mks_accel`) and as the synthetic recordings write them; they have not
/// been checked against a device here (docs/SYNTHETIC_SCENES.md says so).
///
/// Yaw is not observable from gravity and does not matter for height; the pose keeps
/// the camera's heading. The translation is zero: floor rejection is relative to the
/// floor level it finds in each frame, so the camera's height above it is never needed.
struct KinectGravity {
    /// Readings whose magnitude is outside this band (in g) are a jolt, not gravity: a
    /// footfall or a bump adds acceleration, and tilting the floor plane by it would let
    /// the floor through as an obstacle for that frame. The last good pose is kept.
    static let plausibleMagnitude = 0.7...1.3
    /// Each good reading moves the estimate this far; 1 is no smoothing. An average over
    /// readings (0.4 was tried) lagged the chest's ±1° pitch sway at step frequency, and
    /// the synthetic scenes showed that a lag of half a degree let the near floor
    /// through floor rejection while its level was taken over the whole view
    /// (docs/SYNTHETIC_SCENES.md); the plausibility band already refuses the jolts
    /// smoothing was meant for.
    static let smoothing = 1.0

    private var up: (x: Double, y: Double, z: Double)?

    /// Whether any plausible reading has arrived: without one there is no pose.
    var isKnown: Bool { up != nil }

    /// Feeds one raw reading in accelerometer counts; returns false when it was refused.
    @discardableResult
    mutating func feed(x: Int16, y: Int16, z: Int16) -> Bool {
        let g = Double(KinectGravity.countsPerG)
        var reading = (x: Double(x) / g, y: Double(y) / g, z: Double(z) / g)
        let magnitude = (reading.x * reading.x + reading.y * reading.y + reading.z * reading.z).squareRoot()
        guard Self.plausibleMagnitude.contains(magnitude) else { return false }
        if reading.y < 0 { reading = (-reading.x, -reading.y, -reading.z) }
        reading = (reading.x / magnitude, reading.y / magnitude, reading.z / magnitude)
        if let previous = up {
            let a = Self.smoothing
            reading = (previous.x + a * (reading.x - previous.x), previous.y + a * (reading.y - previous.y),
                       previous.z + a * (reading.z - previous.z))
            let length = (reading.x * reading.x + reading.y * reading.y + reading.z * reading.z).squareRoot()
            reading = (reading.x / length, reading.y / length, reading.z / length)
        }
        up = reading
        return true
    }

    static let countsPerG = 819

    /// Column-major 4×4 camera-to-world: its second row is world up in camera
    /// coordinates, the first the camera's x made level, the third their cross product
    /// (so the matrix is a rotation). nil until a reading arrived.
    var cameraToWorld: [Float]? {
        guard let u = up else { return nil }
        // World x: the camera's x with its up component removed (yaw kept, roll undone).
        var xw = (x: 1 - u.x * u.x, y: -u.x * u.y, z: -u.x * u.z)
        let length = (xw.x * xw.x + xw.y * xw.y + xw.z * xw.z).squareRoot()
        xw = (xw.x / length, xw.y / length, xw.z / length)
        // World z = x × y.
        let zw = (x: xw.y * u.z - xw.z * u.y, y: xw.z * u.x - xw.x * u.z, z: xw.x * u.y - xw.y * u.x)
        // Rows xw, u, zw; column-major storage puts row r of column c at c * 4 + r.
        return [xw.x, u.x, zw.x, 0,
                xw.y, u.y, zw.y, 0,
                xw.z, u.z, zw.z, 0,
                0, 0, 0, 1].map { Float($0) }
    }
}
