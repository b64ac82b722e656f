/// One depth frame: metres per pixel plus the camera pose that gives gravity.
///
/// The pose matters because the floor is rejected by measurement, not by a fixed
/// region of the image: a chest-mounted camera tilts differently every morning.
public struct DepthMap: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// Row-major, packed (`width * height`); NaN or <= 0 means no reading there.
    public var metres: [Float]
    /// Column-major 4x4 camera-to-world transform; world +Y is up.
    public var cameraToWorld: [Float]
    /// Pinhole intrinsics of this map in pixels; nil when the sensor did not say.
    /// Without them no sample can be placed in the world, so the floor cannot be told
    /// from an obstacle and nothing is rejected as floor.
    public var intrinsics: Intrinsics?

    public struct Intrinsics: Equatable, Sendable {
        public var fx: Float, fy: Float, cx: Float, cy: Float
        public init(fx: Float, fy: Float, cx: Float, cy: Float) {
            self.fx = fx
            self.fy = fy
            self.cx = cx
            self.cy = cy
        }
    }

    public init(width: Int, height: Int, metres: [Float], cameraToWorld: [Float] = DepthMap.identity,
                intrinsics: Intrinsics? = nil) {
        precondition(metres.count == width * height, "DepthMap needs width * height samples")
        precondition(cameraToWorld.count == 16, "cameraToWorld is a 4x4 matrix")
        self.width = width
        self.height = height
        self.metres = metres
        self.cameraToWorld = cameraToWorld
        self.intrinsics = intrinsics
    }

    public static let identity: [Float] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    public func depth(x: Int, y: Int) -> Float { metres[y * width + x] }

    /// Sample by sample, a gap (NaN) equal to a gap. The synthesized `==` compared NaN
    /// with NaN as IEEE does, so any map with a gap was unequal to itself: a frame read
    /// twice, streamed and parsed whole, or replayed, could never be found the same.
    public static func == (lhs: DepthMap, rhs: DepthMap) -> Bool {
        func same(_ a: [Float], _ b: [Float]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
        return lhs.width == rhs.width && lhs.height == rhs.height && lhs.intrinsics == rhs.intrinsics
            && same(lhs.metres, rhs.metres) && same(lhs.cameraToWorld, rhs.cameraToWorld)
    }
}
