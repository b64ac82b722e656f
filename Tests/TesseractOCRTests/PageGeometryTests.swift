import Foundation
import SenseBridgeCore
import Testing
import PageOutline

/// The page's geometry on plain values: naming corners, the flattened size, cut edges and
/// their names after a turn, and when an outline counts as a page.
@Suite struct PageGeometryTests {
    static func point(_ x: Double, _ y: Double) -> PagePoint { PagePoint(x: x, y: y) }

    /// A page photographed a little from below and turned a few degrees, in a 1600x1200 frame.
    static let page = [point(260, 250), point(1340, 210), point(1440, 960), point(170, 1000)]

    @Test func cornersAreNamedFromAnyOrder() throws {
        for shuffle in [[0, 1, 2, 3], [2, 0, 3, 1], [3, 2, 1, 0], [1, 3, 0, 2]] {
            let quad = try #require(PageQuad(shuffle.map { Self.page[$0] }))
            #expect(quad.corners == Self.page, "from order \(shuffle)")
        }
        #expect(PageQuad(Array(Self.page.prefix(3))) == nil)
    }

    @Test func aCrossedOrDegenerateQuadHasNoAngles() throws {
        let quad = try #require(PageQuad(Self.page))
        let angles = try #require(quad.interiorAngles)
        #expect(abs(angles.reduce(0, +) - 360) < 1e-6, "\(angles)")
        let crossed = PageQuad(topLeft: Self.page[0], topRight: Self.page[2], bottomRight: Self.page[1], bottomLeft: Self.page[3])
        #expect(crossed.interiorAngles == nil)
        let flat = PageQuad(topLeft: Self.point(0, 0), topRight: Self.point(0, 0), bottomRight: Self.point(5, 5), bottomLeft: Self.point(0, 5))
        #expect(flat.interiorAngles == nil)
    }

    /// Each side of the flattened page is the longer of its two edges, so no text is shrunk.
    @Test func theFlattenedPageIsNeverSmallerThanAnyOfItsEdges() throws {
        let quad = try #require(PageQuad(Self.page))
        let size = quad.flattenedSize(maximumSide: 32767)
        let c = quad.corners
        for (a, b) in [(0, 1), (3, 2)] { #expect(Double(size.width) >= c[a].distance(to: c[b])) }
        for (a, b) in [(0, 3), (1, 2)] { #expect(Double(size.height) >= c[a].distance(to: c[b])) }
        #expect(size.width <= 1280 && size.height <= 800, "no larger than it needs to be: \(size)")
        let capped = quad.flattenedSize(maximumSide: 600)
        #expect(max(capped.width, capped.height) == 600 && capped.width > capped.height)
        #expect(quad.area > 0.5 * 1600 * 1200 * 0.5)
    }

    @Test func anInsetQuadKeepsItsShapeInsideTheOriginal() throws {
        let quad = try #require(PageQuad(Self.page))
        let inset = quad.inset(by: 0.01)
        #expect(inset.area < quad.area && inset.area > 0.95 * quad.area)
        #expect(abs(inset.topLeft.distance(to: quad.topLeft) - 0.01 * quad.topLeft.distance(to: quad.bottomRight)) < 1e-9)
        #expect(quad.inset(by: 0) == quad)
    }

    @Test func theFrameEdgesAnOutlineRunsAlongAreCut() {
        // A page whose top runs out of a 1600x1200 frame: its outline follows the frame's top.
        let topCut = [Self.point(300, 0), Self.point(1300, 0), Self.point(1400, 900), Self.point(200, 950)]
        #expect(PageCutEdges.along(topCut, width: 1600, height: 1200, margin: 18, minimumRun: 0.03) == [.top])
        // The page's top-left corner out of view: the outline turns round the frame's corner.
        let cornerCut = [Self.point(0, 400), Self.point(0, 0), Self.point(900, 0), Self.point(1400, 900), Self.point(200, 1100)]
        #expect(PageCutEdges.along(cornerCut, width: 1600, height: 1200, margin: 18, minimumRun: 0.03) == [.left, .top])
        // One corner touching the bottom is not a cut edge.
        let touching = [Self.point(300, 200), Self.point(1300, 200), Self.point(1400, 1199), Self.point(200, 1000)]
        #expect(PageCutEdges.along(touching, width: 1600, height: 1200, margin: 18, minimumRun: 0.03).isEmpty)
    }

    @Test func cutEdgesTurnWithThePage() {
        #expect(PageCutEdges.turned([.top], quarterTurns: 1) == [.right])
        #expect(PageCutEdges.turned([.top, .left], quarterTurns: 2) == [.bottom, .right])
        #expect(PageCutEdges.turned([.right], quarterTurns: 3) == [.top])
        #expect(PageCutEdges.turned([.right], quarterTurns: -1) == [.top])
        for edges: Set<FrameEdge> in [[.top], [.left, .bottom], Set(FrameEdge.allCases), []] {
            #expect(PageCutEdges.turned(edges, quarterTurns: 4) == edges)
            #expect(PageCutEdges.turned(PageCutEdges.turned(edges, quarterTurns: 1), quarterTurns: 3) == edges)
        }
    }

    static func outline(_ points: [PagePoint], area: Double = 0.5, inside: Double = 230, outside: Double = 80,
                        dark: Double = 0.9, near: Double = 0) -> MeasuredOutline {
        MeasuredOutline(corners: points, outline: points, areaFraction: area, insideMean: inside, outsideMean: outside, outsideDarkFraction: dark,
                        nearLightFraction: near)
    }

    @Test func aPageOnADarkBackgroundIsFoundWhole() throws {
        #expect(PageFinding.decide(Self.outline(Self.page), width: 1600, height: 1200) == .whole(try #require(PageQuad(Self.page))))
    }

    /// A clean scan's paper reaches every edge of the frame: never a page to flatten or guide by,
    /// however it measures.
    @Test func anImageThatIsThePageIsNotFound() {
        let frame = [Self.point(0, 0), Self.point(1599, 0), Self.point(1599, 1199), Self.point(0, 1199)]
        #expect(PageFinding.decide(Self.outline(frame, area: 1), width: 1600, height: 1200) == .notFound)
    }

    @Test func anOutlineWithoutABackgroundOrSizeOrShapeIsNotFound() {
        let frame = (width: 1600, height: 1200)
        let cases: [(String, MeasuredOutline)] = [
            ("too small", Self.outline(Self.page, area: 0.1)),
            ("too little contrast", Self.outline(Self.page, inside: 230, outside: 200)),
            ("white margins around it (a ruled box on a page)", Self.outline(Self.page, dark: 0.2)),
            ("paper beyond a dark band across it (the part of a page below its header bar)", Self.outline(Self.page, near: 0.23)),
            ("a corner at the frame's edge", Self.outline([Self.point(260, 250), Self.point(1340, 5), Self.point(1440, 960), Self.point(170, 1000)])),
            ("a corner too sharp", Self.outline([Self.point(200, 600), Self.point(1400, 200), Self.point(1500, 600), Self.point(1400, 1000)])),
            ("not convex", Self.outline([Self.point(200, 200), Self.point(1400, 200), Self.point(1400, 1000), Self.point(1300, 300)])),
            ("more vertices than a page", Self.outline((0..<9).map { Self.point(800 + 400 * cos(Double($0)), 600 + 400 * sin(Double($0))) })),
            ("no vertex", Self.outline([])),
        ]
        for (name, outline) in cases {
            #expect(PageFinding.decide(outline, width: frame.width, height: frame.height) == .notFound, "\(name)")
        }
    }

    @Test func aPageTheFrameCutsReportsItsCutEdgesOnlyWhenACornerIsInView() {
        let topCut = [Self.point(300, 0), Self.point(1300, 0), Self.point(1400, 900), Self.point(200, 950)]
        #expect(PageFinding.decide(Self.outline(topCut), width: 1600, height: 1200) == .cut([.top]))
        // The corners' simplification smooths a short run along the frame's edge away; the
        // outline keeps it (a page's bottom-left corner just out of view).
        let corners = [Self.point(1198, 883), Self.point(1, 973), Self.point(36, 296), Self.point(876, 236)]
        let outline = [Self.point(1198, 883), Self.point(1, 973), Self.point(0, 420), Self.point(36, 296), Self.point(876, 236)]
        let measured = MeasuredOutline(corners: corners, outline: outline, areaFraction: 0.37, insideMean: 245, outsideMean: 80, outsideDarkFraction: 1)
        #expect(PageFinding.decide(measured, width: 1600, height: 1200) == .cut([.left]))
        // A page under a shadow along its bottom, whose edge bends gently: the lit part is
        // cut on three sides and its vertices inside the frame are no page's corners.
        let shadowed = [Self.point(0, 0), Self.point(1599, 0), Self.point(1599, 800), Self.point(1200, 900), Self.point(800, 940),
                        Self.point(400, 900), Self.point(0, 800)]
        #expect(PageFinding.decide(Self.outline(shadowed), width: 1600, height: 1200) == .notFound)
        // A light panel beside a dark one: cut on three sides, no corner of anything in view.
        let panel = [Self.point(400, 0), Self.point(1599, 0), Self.point(1599, 1199), Self.point(400, 1199)]
        #expect(PageFinding.decide(Self.outline(panel), width: 1600, height: 1200) == .notFound)
    }
}
