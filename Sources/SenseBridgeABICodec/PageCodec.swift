import CSenseBridgeABI
import SenseBridgeCore

/// `sb_perceive_result.turned_degrees` and `page_flags` <-> `PageView`.
///
/// The one place the SB_PAGE_* bits meet `FrameEdge`, so a bit can never mean one edge
/// to the plugin and another to the host.
public enum PageCodec {
    /// Each edge's bit; the page upright, as read.
    static let edgeFlags: [(FrameEdge, UInt32)] = [
        (.top, SB_PAGE_CUT_TOP), (.bottom, SB_PAGE_CUT_BOTTOM), (.left, SB_PAGE_CUT_LEFT), (.right, SB_PAGE_CUT_RIGHT),
    ]
    /// Every bit 1.7 defines; the host ignores the others (a later minor's), as the header says.
    public static let knownFlags = edgeFlags.reduce(SB_PAGE_FLATTENED) { $0 | $1.1 }

    /// A turn other than a right angle, from C or on a Swift value (`PerceiveCodec.validate`).
    static func turnProblem(_ degrees: String) -> FrameCodec.Problem {
        .init(reason: "turned_degrees is \(degrees); only 0, 90, 180 or 270 can be reported")
    }

    public static func flags(of page: PageView) -> UInt32 {
        edgeFlags.reduce(page.flattened ? SB_PAGE_FLATTENED : 0) { page.cutEdges.contains($1.0) ? $0 | $1.1 : $0 }
    }

    /// The page as a reader reported it, or why the whole result is refused: a turn other
    /// than a right angle leaves no way to know which way up its boxes are.
    public static func decode(turnedDegrees: UInt32, flags: UInt32) -> Result<PageView, FrameCodec.Problem> {
        guard let turn = PageView.rightAngles.first(where: { UInt32($0) == turnedDegrees }) else {
            return .failure(turnProblem(String(turnedDegrees)))
        }
        return .success(PageView(turnedDegrees: turn, flattened: flags & SB_PAGE_FLATTENED != 0,
                                 cutEdges: Set(edgeFlags.filter { flags & $0.1 != 0 }.map(\.0))))
    }
}
