import SenseBridgeCore
import Testing

@Suite struct LiveReadingStabilizerTests {
    static let notice = "Platform 3: trains to Madrid leave every hour.\nPlease keep your ticket."
    /// The same notice as recognition returns it on other frames: a letter or two off.
    static let flickered = ["P1atform 3: trains to Madrid leave every hour.\nPlease keep your ticket.",
                            "Platform 3: trains to Madrid leave every hour.\nPlease keep your tlcket.",
                            "Platform 3: trains to Madrld leave every hour.\nPlease  keep your ticket."]
    static let menu = "Soup of the day: lentils with lemon.\nBread is served with every meal."

    /// Feeds each frame's text; returns the indices of the frames that spoke, with what.
    static func spoken(_ frames: [String], _ stabilizer: LiveReadingStabilizer = LiveReadingStabilizer()) -> [Int: String] {
        var stabilizer = stabilizer
        var spoken: [Int: String] = [:]
        for (index, frame) in frames.enumerated() {
            if let page = stabilizer.feed(frame) { spoken[index] = page }
        }
        return spoken
    }

    static func repeated(_ text: String, _ count: Int) -> [String] { Array(repeating: text, count: count) }

    @Test func aPageHeldStillIsSpokenOnceNotEveryFrame() {
        #expect(Self.spoken(Self.repeated(Self.notice, 30)) == [2: Self.notice])
    }

    @Test func flickeringCharactersStillSettleAndTheLatestFrameIsSpoken() {
        let frames = [Self.notice] + Self.flickered + Self.repeated(Self.notice, 10) + Self.flickered
        #expect(Self.spoken(frames) == [2: Self.flickered[1]])
    }

    @Test func aNewPageIsSpokenOnceItSettles() {
        let frames = Self.repeated(Self.notice, 4) + Self.repeated(Self.menu, 6) + Self.repeated(Self.notice, 3)
        #expect(Self.spoken(frames) == [2: Self.notice, 6: Self.menu, 12: Self.notice])
    }

    @Test func twoPagesAlternatingNeverSettle() {
        let frames = (0..<12).map { $0 % 2 == 0 ? Self.notice : Self.menu }
        #expect(Self.spoken(frames).isEmpty)
    }

    @Test func aBriefGlimpseOfAnotherPageDoesNotRepeatTheHeldOne() {
        let frames = Self.repeated(Self.notice, 3) + [Self.menu, Self.menu] + Self.repeated(Self.notice, 5)
        #expect(Self.spoken(frames) == [2: Self.notice])
    }

    /// Recognition drops whole frames while focus hunts; the page is still there.
    @Test func aFewEmptyFramesNeitherResetNorRepeat() {
        let frames = Self.repeated(Self.notice, 3) + ["", " \n", "", ""] + Self.repeated(Self.notice, 5)
        #expect(Self.spoken(frames) == [2: Self.notice])
        // Settling goes on across them too: they neither count nor break the run.
        #expect(Self.spoken([Self.notice, "", Self.notice, "", "", Self.notice]) == [5: Self.notice])
    }

    @Test func emptyFramesThatPersistReleaseThePage() {
        let frames = Self.repeated(Self.notice, 3) + Self.repeated("", 5) + Self.repeated(Self.notice, 3)
        #expect(Self.spoken(frames) == [2: Self.notice, 10: Self.notice])
        var stabilizer = LiveReadingStabilizer()
        for frame in Self.repeated(Self.notice, 3) { _ = stabilizer.feed(frame) }
        #expect(stabilizer.heldPage == Self.notice)
        for _ in 0..<5 { _ = stabilizer.feed("") }
        #expect(stabilizer.heldPage == nil)
    }

    @Test func settingsAreHonoured() {
        let quick = LiveReadingStabilizer(settleFrames: 1, similarity: 0.99, releaseFrames: 1)
        #expect(Self.spoken([Self.notice, Self.flickered[0], "", Self.notice], quick)
            == [0: Self.notice, 1: Self.flickered[0], 3: Self.notice])
    }
}
