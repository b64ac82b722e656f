import SenseBridgeCore
import Testing

/// "The page was upside down" once per change: pages read turned, one after another.
@Suite struct OrientationTrackerTests {
    static func said(_ turns: [Int], live: Bool) -> [PageTurn?] {
        var tracker = OrientationTracker(live: live)
        return turns.map { tracker.read(turnedDegrees: $0) }
    }

    @Test("document: the first page turned is said; the same turn again is not, unless an upright page came between")
    func documentSaysEachTurnOnce() {
        #expect(Self.said([0, 180, 180, 0, 180, 180], live: false) == [nil, .upsideDown, nil, nil, .upsideDown, nil])
    }

    @Test("document: a page turned differently from the last one said is said")
    func documentSaysADifferentTurn() {
        #expect(Self.said([90, 90, 180, 270, 270, 90], live: false) == [.onItsSide, nil, .upsideDown, .onItsSide, nil, .onItsSide])
    }

    @Test("live: said once until the orientation changes; turned right then over again is said again")
    func liveSaysEachChange() {
        #expect(Self.said([180, 180, 180, 0, 0, 180, 90], live: true) == [.upsideDown, nil, nil, nil, nil, .upsideDown, .onItsSide])
    }

    @Test("upright pages say nothing", arguments: [false, true])
    func uprightSaysNothing(live: Bool) {
        #expect(Self.said([0, 0, 0], live: live) == [nil, nil, nil])
    }

    @Test func turnsNameTheirSentence() {
        #expect(PageTurn(turnedDegrees: 180) == .upsideDown)
        #expect(PageTurn(turnedDegrees: 90) == .onItsSide && PageTurn(turnedDegrees: 270) == .onItsSide)
        #expect(PageTurn(turnedDegrees: 0) == nil && PageTurn(turnedDegrees: 45) == nil)
        #expect(Phrasing.reading(.readTurned(.upsideDown), locale: .en) == "The page was upside down; it was read turned around.")
    }
}
