import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore
import Testing

/// The SB_PAGE_* bits and `turned_degrees` as `PageView` (ABI 1.7): each bit pinned to
/// its edge, a right angle the only turn there is, and a bit a later minor may define
/// ignored rather than refused.
@Suite struct PageCodecTests {
    @Test func eachFlagIsItsOwnPartOfThePage() throws {
        let pinned: [(UInt32, PageView)] = [
            (SB_PAGE_FLATTENED, PageView(flattened: true)),
            (SB_PAGE_CUT_TOP, PageView(cutEdges: [.top])), (SB_PAGE_CUT_BOTTOM, PageView(cutEdges: [.bottom])),
            (SB_PAGE_CUT_LEFT, PageView(cutEdges: [.left])), (SB_PAGE_CUT_RIGHT, PageView(cutEdges: [.right])),
        ]
        for (flag, page) in pinned {
            #expect(PageCodec.flags(of: page) == flag)
            #expect(try PageCodec.decode(turnedDegrees: 0, flags: flag).get() == page)
        }
        #expect(PageCodec.knownFlags == 0b11111)
        let everything = PageView(turnedDegrees: 270, flattened: true, cutEdges: Set(FrameEdge.allCases))
        #expect(try PageCodec.decode(turnedDegrees: 270, flags: PageCodec.flags(of: everything)).get() == everything)
    }

    @Test(arguments: [0, 90, 180, 270] as [UInt32])
    func aRightAngleIsATurn(degrees: UInt32) throws {
        #expect(try PageCodec.decode(turnedDegrees: degrees, flags: 0).get() == PageView(turnedDegrees: Int(degrees)))
    }

    /// Boxes read in an unknown rotation cannot be placed, and a wrong angle would tell the
    /// person to turn a page they hold right: the whole result goes.
    @Test(arguments: [45, 1, 360, 91, UInt32.max] as [UInt32])
    func anyOtherAngleIsRefused(degrees: UInt32) {
        #expect(PageCodec.decode(turnedDegrees: degrees, flags: 0).failureReason
                    == "turned_degrees is \(degrees); only 0, 90, 180 or 270 can be reported")
    }

    @Test func aFlagALaterMinorDefinesIsIgnored() throws {
        let page = try PageCodec.decode(turnedDegrees: 90, flags: SB_PAGE_CUT_LEFT | (1 << 5) | (1 << 31)).get()
        #expect(page == PageView(turnedDegrees: 90, cutEdges: [.left]))
    }
}
