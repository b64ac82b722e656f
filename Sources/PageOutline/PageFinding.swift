import SenseBridgeCore

/// The light region's outline in a frame and how it stands out from the rest, as the
/// OpenCV shim measured it (sb_page_outline).
public struct MeasuredOutline: Equatable, Sendable {
    /// Its few main vertices (a page's corners, and where the frame cuts it) in the
    /// frame's pixels, in order around it.
    public var corners: [PagePoint]
    /// The outline itself, to within a pixel of the copy it was measured on, in order.
    public var outline: [PagePoint]
    /// Its area over the frame's, 0...1.
    public var areaFraction: Double
    /// Mean gray inside and outside it, 0 black ... 255 white.
    public var insideMean: Double
    public var outsideMean: Double
    /// The share of the frame outside it that is darker than the page, 0...1.
    public var outsideDarkFraction: Double
    /// The largest light region outside it and near it, over its own area, 0...: paper
    /// beyond a dark band across the page, when the outline is only part of the page.
    public var nearLightFraction: Double

    public init(corners: [PagePoint], outline: [PagePoint], areaFraction: Double, insideMean: Double, outsideMean: Double,
                outsideDarkFraction: Double, nearLightFraction: Double = 0) {
        self.corners = corners
        self.outline = outline
        self.areaFraction = areaFraction
        self.insideMean = insideMean
        self.outsideMean = outsideMean
        self.outsideDarkFraction = outsideDarkFraction
        self.nearLightFraction = nearLightFraction
    }
}

/// What a frame shows of a page: decided from a measured outline, with rules strict
/// enough that a clean scan or a screenshot is never mistaken for a photograph of one.
///
/// Flattening a page that is not there would read the text through a false warp, and a
/// false cut edge would send the person moving a camera for nothing; missing a page costs
/// only what reading the frame as it is costs. So every rule errs towards `notFound`.
public enum PageFinding: Equatable, Sendable {
    /// No page to flatten or guide by: read the frame as it is, say nothing of edges.
    case notFound
    /// All four corners of the page are clearly inside the frame.
    case whole(PageQuad)
    /// These edges of the page (as it stands in the frame) run out of it.
    case cut(Set<FrameEdge>)

    /// A vertex this close to the frame's edge (a share of the frame's shorter side) is
    /// on it. The outline is measured on a copy at most 640 pixels long, so a corner is
    /// placed to within a few of the frame's pixels; this is several times that.
    static let borderMargin = 0.015
    /// The page covers at least this share of the frame. A smaller light patch (a
    /// window, a lamp, a label on a box) is not a page held up to be read.
    static let minimumAreaFraction = 0.15
    /// The page is this many gray levels lighter than what is around it, on average: a
    /// page on a table or in hands is; a ruled box on a white page is not, as its margins
    /// are as white as its inside.
    static let minimumContrast = 40.0
    /// Most of what lies outside the page is darker than it: a background, not the white
    /// margins of a page whose ruled box or picture was taken for the outline.
    static let minimumOutsideDarkFraction = 0.6
    /// No light region beside the outline is larger than this share of it. A dark band
    /// across a page (a label's header bar, a table's shaded header row) splits its paper,
    /// and the larger part alone looks like a whole page: flattened, the text beyond the
    /// band (a pharmacy's name, a drug's) would never be read, and no edge reported cut.
    /// Measured: the heading's paper above a 50-pixel bar across a 500x640 page in a
    /// 1280x720 frame, 0.195 of the part below it; beside the pages on a table in the tests
    /// and the reading bench, 0.0002 at most, and 0.001 in the real photograph of a book
    /// page. This still catches a strip of paper a sixth as tall as that heading's (one
    /// line of small print), and is 30 times the most light measured beside a whole page.
    static let maximumNearLightFraction = 0.03
    /// A frame's edge that the outline runs along for this share of its length cuts the
    /// page; less is a corner touching it.
    static let minimumCutRun = 0.03
    /// A photographed rectangle's corners stay within these interior angles unless the
    /// camera is nearly edge-on to the page, where it could not be read anyway.
    static let cornerAngles = 45.0...135.0
    /// A page cut by the frame shows at most its four corners and four where the frame
    /// crosses its edges; an outline with more is not a page's.
    static let maximumOutlineCorners = 8

    public static func decide(_ outline: MeasuredOutline, width: Int, height: Int) -> PageFinding {
        guard (3...maximumOutlineCorners).contains(outline.corners.count),
              outline.areaFraction >= minimumAreaFraction,
              outline.insideMean - outline.outsideMean >= minimumContrast,
              outline.outsideDarkFraction >= minimumOutsideDarkFraction,
              outline.nearLightFraction <= maximumNearLightFraction else { return .notFound }
        let margin = borderMargin * Double(min(width, height))
        let cut = PageCutEdges.along(outline.outline, width: width, height: height, margin: margin, minimumRun: minimumCutRun)
        let inside = outline.corners.filter { point in
            point.x > margin && point.y > margin && point.x < Double(width - 1) - margin && point.y < Double(height - 1) - margin
        }
        if cut.isEmpty {
            // Every corner clearly inside the frame, and a quadrilateral a page could photograph as.
            guard inside.count == 4, outline.corners.count == 4, let quad = PageQuad(outline.corners),
                  let angles = quad.interiorAngles, angles.allSatisfy(cornerAngles.contains) else { return .notFound }
            return .whole(quad)
        }
        // A light region the frame cuts on every side is the page filling the frame (a
        // scan, a screenshot, a page held close), and one that shows none of a page's
        // corners (a light panel beside a dark one, a page under a shadow whose edge
        // bends gently across it) could be anything: neither says which way to move.
        let corners = outline.corners
        let pageCorners = corners.indices.filter { index in
            guard inside.contains(corners[index]) else { return false }
            let angle = corners[index].angle(to: corners[(index + corners.count - 1) % corners.count], corners[(index + 1) % corners.count])
            return angle.map(cornerAngles.contains) ?? false
        }
        guard cut.count < 4, !pageCorners.isEmpty else { return .notFound }
        return .cut(cut)
    }
}
