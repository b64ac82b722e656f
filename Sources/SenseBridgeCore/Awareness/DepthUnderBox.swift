/// How far a thing a detector boxed in a picture is, read from a depth map of the same
/// moment: the host's measurement, said only where depth under the box was measured.
///
/// The picture and the depth map come from two cameras side by side looking the same way
/// (a Kinect's colour and depth cameras, 2.5 cm apart). A depth pixel is placed in the
/// picture through the two cameras' intrinsics alone; the baseline's parallax (f × b / Z
/// pixels: 13 px of 640 at 1 m, 4 px at 3 m for a Kinect) is absorbed by measuring only
/// the middle of the box (`margin` off each side), where the thing is and its background
/// is not. Both must carry intrinsics: without them nothing can be placed, and nothing
/// is said (never a guess).
///
/// The distance is a near quantile of the samples measured there, not their mean: a
/// chair's box holds the chair and, through its frame, the wall behind it, and a person
/// walking needs the nearer of the two.
///
/// Nothing is claimed where depth was not measured (Invariant 2): fewer than
/// `minimumSamples` measured samples, or under `minimumMeasuredShare` of the box's
/// samples measured (glass, a dark surface, a thing too near or far for the sensor), or a
/// box mostly outside the depth map's view, gives nil.
///
/// Pure: a box, a picture's geometry and a map in, metres or nil out.
public enum DepthUnderBox {
    /// A fifth off each side: the middle 60 % of the box in each direction.
    public static let margin = 0.2
    /// Half the samples under the middle of the box must be measured.
    public static let minimumMeasuredShare = 0.5
    /// 20 samples: a thing a few centimetres across at arm's length still has them, and a
    /// stray reading or two cannot make a distance alone.
    public static let minimumSamples = 20
    /// The 20th percentile of the measured samples: the near part of what the box holds.
    public static let nearQuantile = 0.2
    /// At least this share of the box's middle must fall inside the depth map's view.
    public static let minimumShareInView = 0.5

    public struct Picture: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var intrinsics: DepthMap.Intrinsics?

        public init(width: Int, height: Int, intrinsics: DepthMap.Intrinsics?) {
            self.width = width
            self.height = height
            self.intrinsics = intrinsics
        }
    }

    /// Metres to the thing in `box` (normalized to `picture`), or nil when depth under it
    /// was not measured well enough to say.
    public static func distance(of box: NormalizedBox, in picture: Picture, depth map: DepthMap) -> Double? {
        guard let pictureK = picture.intrinsics, let depthK = map.intrinsics, picture.width > 0, picture.height > 0,
              pictureK.fx > 0, pictureK.fy > 0, depthK.fx > 0, depthK.fy > 0,
              [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite), box.width > 0, box.height > 0 else { return nil }
        // The middle of the box, in picture pixels, then in depth pixels: with the cameras
        // side by side the mapping is the same at every depth (Z cancels).
        let left = (box.x + box.width * margin) * Double(picture.width)
        let right = (box.x + box.width * (1 - margin)) * Double(picture.width)
        let top = (box.y + box.height * margin) * Double(picture.height)
        let bottom = (box.y + box.height * (1 - margin)) * Double(picture.height)
        func depthX(_ u: Double) -> Double { (u - Double(pictureK.cx)) * Double(depthK.fx) / Double(pictureK.fx) + Double(depthK.cx) }
        func depthY(_ v: Double) -> Double { (v - Double(pictureK.cy)) * Double(depthK.fy) / Double(pictureK.fy) + Double(depthK.cy) }
        let (x0, x1, y0, y1) = (depthX(left), depthX(right), depthY(top), depthY(bottom))
        let area = (x1 - x0) * (y1 - y0)
        let clipped = (max(0, min(x1, Double(map.width)) - max(0, x0))) * (max(0, min(y1, Double(map.height)) - max(0, y0)))
        guard area > 0, clipped / area >= minimumShareInView else { return nil }
        let columns = Int(max(0, x0.rounded(.up)))..<Int(min(Double(map.width), x1.rounded(.up)))
        let rows = Int(max(0, y0.rounded(.up)))..<Int(min(Double(map.height), y1.rounded(.up)))
        // Every second pixel each way: a 640×480 map's box of any useful size keeps
        // hundreds of samples, at a quarter of the reads.
        var measured: [Float] = []
        var total = 0
        for row in stride(from: rows.lowerBound, to: rows.upperBound, by: 2) {
            for column in stride(from: columns.lowerBound, to: columns.upperBound, by: 2) {
                total += 1
                let metres = map.metres[row * map.width + column]
                if metres.isFinite, metres > 0 { measured.append(metres) }
            }
        }
        guard measured.count >= minimumSamples, Double(measured.count) >= Double(total) * minimumMeasuredShare else { return nil }
        measured.sort()
        return Double(measured[Int(Double(measured.count - 1) * nearQuantile)])
    }
}
