import SenseBridgeCore

/// The Kinect v1's colour camera in the host's terms: 640×480 RGB pictures with the
/// pinhole intrinsics that let the host place a detected thing's box over the depth map.
///
/// The host does that placement itself (`DepthUnderBox`): both cameras sit side by side
/// on the bar, 2.5 cm apart, looking the same way, so a depth sample projects into the
/// picture through the two cameras' intrinsics alone, off by the baseline's parallax: at
/// most f × 0.025 / Z pixels, 13 px of 640 at 1 m and 4 px at 3 m, which the host absorbs
/// by measuring only the middle of each box. A depth source without a colour camera
/// beside it, or one further off, must not claim this.
enum KinectColour {
    static let width = KinectDepth.width
    static let height = KinectDepth.height

    /// 525 px: the focal length OpenNI's and ROS's Kinect v1 drivers take when a unit has
    /// no calibration of its own; per-unit calibrations (Burrus's 529.2 / 525.6, 329.0 /
    /// 267.5) differ by about 1 % in focal length and a few pixels in centre.
    static let intrinsics = DepthMap.Intrinsics(fx: 525, fy: 525, cx: Float(width - 1) / 2, cy: Float(height - 1) / 2)

    /// At most this many pictures a second unless configured: a walk's detector looks at
    /// one a second, and each picture is 900 KiB to hand over (27 MiB/s at the camera's 30).
    static let defaultFramesPerSecond = 2
}
