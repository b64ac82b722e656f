import Foundation
import SenseBridgeCore
import Testing

/// One frame to what is said about it, with a recognizer made of closures: the rules of
/// document and live reading without a camera or an OCR engine.
@Suite struct PageReaderTests {
    struct RecognizerFailed: Error {}

    /// A mid-gray VGA frame: light enough to read, and large enough that a line a tenth of
    /// its height is 48 pixels tall, whatever a test recognizes in it.
    static let lit = ImageFrame(format: .gray8, width: 640, height: 480, pixels: [UInt8](repeating: 160, count: 640 * 480))
    static let dark = ImageFrame(format: .gray8, width: 640, height: 480, pixels: [UInt8](repeating: 5, count: 640 * 480))

    /// Lines of text, one record each, well inside the frame and large enough to read.
    static func page(_ lines: [String], confidence: Double = 0.95, view: PageView = .asGiven) -> Perception {
        Perception(records: lines.enumerated().map { index, text in
            PerceptionRecord(kind: .text, label: text, confidence: confidence,
                             box: NormalizedBox(x: 0.1, y: 0.1 + Double(index) * 0.12, width: 0.7, height: 0.1))
        }, page: view)
    }

    /// Nothing recognized.
    static let nothing = Perception(records: [])

    @Test(arguments: [SpokenLocale.en, .es, .vi])
    func aDocumentPageIsReadSentenceBySentence(locale: SpokenLocale) throws {
        var reader = PageReader(locale: locale, live: false)
        let step = reader.feed(Self.lit) { _ in Self.page(["First sentence here. Second", "one follows it."]) }
        #expect(step.notices.isEmpty)
        let script = try #require(step.script)
        #expect(script.texts == ["First sentence here.", "Second one follows it."])
    }

    @Test("a page the recognizer failed on is said to be unread, never to have no text")
    func aFailedRecognitionIsUnreadNotEmpty() {
        var reader = PageReader(locale: .en, live: false)
        let step = reader.feed(Self.lit) { _ in throw RecognizerFailed() }
        #expect(step.unread)
        #expect(step.notices == [.pageUnread])
        #expect(step.script == nil)
        #expect(!step.notices.contains(.framing(.noTextRecognized)))
    }

    @Test func aPageWithoutTextSaysNoTextIsRecognized() {
        var reader = PageReader(locale: .en, live: false)
        let step = reader.feed(Self.lit) { _ in Self.nothing }
        #expect(step.notices == [.framing(.noTextRecognized)])
        #expect(step.script == nil && !step.unread)
    }

    @Test("an unsure block is hedged sentence by sentence; a block below the floor is left out and said to be")
    func confidenceShapesTheScript() throws {
        var reader = PageReader(locale: .en, live: false)
        let sure = PerceptionRecord(kind: .text, label: "Take two tablets.", confidence: 0.95,
                                    box: NormalizedBox(x: 0.1, y: 0.1, width: 0.7, height: 0.08))
        let unsure = PerceptionRecord(kind: .text, label: "Twice daily. With food.", confidence: 0.65,
                                      box: NormalizedBox(x: 0.1, y: 0.4, width: 0.7, height: 0.08))
        let smudged = PerceptionRecord(kind: .text, label: "Do not exceed 8.", confidence: 0.2,
                                       box: NormalizedBox(x: 0.1, y: 0.7, width: 0.7, height: 0.08))
        let step = reader.feed(Self.lit) { _ in Perception(records: [sure, unsure, smudged]) }
        let script = try #require(step.script)
        #expect(script.texts == ["Take two tablets.", "The text may say: Twice daily.", "The text may say: With food."])
        #expect(script.skippedBlocks == 1)
        #expect(step.notices == [.partlyUnread])
        #expect(!script.texts.joined().contains("exceed"))
    }

    @Test("live: a page is read once its text settles, and once only while it is held")
    func liveReadsASettledPageOnce() {
        var reader = PageReader(locale: .en, live: true)
        let text = Self.page(["Exit through the door on the left."])
        var scripts = 0
        for _ in 0..<10 where reader.feed(Self.lit, perceive: { _ in text }).script != nil { scripts += 1 }
        #expect(scripts == 1)
    }

    @Test("live: darkness is said once after three dim frames, and dim frames are not recognized")
    func liveDarknessIsSaidOnce() {
        var reader = PageReader(locale: .en, live: true)
        var recognized = 0
        var notices: [ReadingNotice] = []
        for _ in 0..<6 {
            notices += reader.feed(Self.dark) { _ in recognized += 1; return Self.nothing }.notices
        }
        #expect(notices == [.tooDark])
        #expect(recognized == 0)
    }

    @Test("live: a recognizer failing frame after frame is said once, and again after it recovered")
    func liveUnreadIsSaidOncePerRun() {
        var reader = PageReader(locale: .en, live: true)
        var notices: [ReadingNotice] = []
        for _ in 0..<4 { notices += reader.feed(Self.lit) { _ in throw RecognizerFailed() }.notices }
        notices += reader.feed(Self.lit) { _ in Self.page(["Some text."]) }.notices.filter { $0 == .pageUnread }
        for _ in 0..<2 { notices += reader.feed(Self.lit) { _ in throw RecognizerFailed() }.notices }
        #expect(notices == [.pageUnread, .pageUnread])
    }

    @Test("live: framing is said once per change, not once per frame")
    func liveFramingIsSaidOncePerChange() {
        var reader = PageReader(locale: .en, live: true)
        var notices: [ReadingNotice] = []
        for _ in 0..<6 { notices += reader.feed(Self.lit) { _ in Self.nothing }.notices }
        #expect(notices == [.framing(.noTextRecognized)])
    }

    // MARK: - The end of a live input: its last frame holds still

    @Test("live, one dark frame then the end: too dark, said once from the end")
    func liveOneDarkFrameEndsTooDark() {
        var reader = PageReader(locale: .en, live: true)
        #expect(reader.feed(Self.dark) { _ in Self.nothing }.notices.isEmpty)
        #expect(reader.finish().notices == [.tooDark])
        #expect(reader.finish().notices.isEmpty, "said once")
    }

    @Test("live, one frame without text then the end: no text is being recognized, once")
    func liveOneBlankFrameEndsWithNoText() {
        var reader = PageReader(locale: .en, live: true)
        #expect(reader.feed(Self.lit) { _ in Self.nothing }.notices.isEmpty)
        #expect(reader.finish().notices == [.framing(.noTextRecognized)])
        #expect(reader.finish().notices.isEmpty, "said once")
    }

    @Test("live, one frame of text then the end: the page is read, as the frame held still")
    func liveOneFrameOfTextEndsRead() throws {
        var reader = PageReader(locale: .en, live: true)
        #expect(reader.feed(Self.lit) { _ in Self.page(["Exit on the left."]) }.script == nil)
        let script = try #require(reader.finish().script)
        #expect(script.texts == ["Exit on the left."])
    }

    @Test("live, what was already said is not said again at the end")
    func liveEndSaysNothingAlreadySaid() {
        var reader = PageReader(locale: .en, live: true)
        var said = 0
        for _ in 0..<6 where reader.feed(Self.lit, perceive: { _ in Self.page(["Exit on the left."]) }).script != nil { said += 1 }
        #expect(said == 1)
        #expect(reader.finish() == PageReader.Step())
        var dark = PageReader(locale: .en, live: true)
        for _ in 0..<4 { _ = dark.feed(Self.dark) { _ in Self.nothing } }
        #expect(dark.finish() == PageReader.Step(), "too dark was said after three frames")
    }

    @Test("live, the end judges only the last frame: after a page, a dark last frame is darkness, an unread one nothing more")
    func liveEndJudgesTheLastFrame() {
        var reader = PageReader(locale: .en, live: true)
        _ = reader.feed(Self.lit) { _ in Self.page(["Exit on the left."]) }
        _ = reader.feed(Self.dark) { _ in Self.nothing }
        #expect(reader.finish() == PageReader.Step(notices: [.tooDark]))
        var failing = PageReader(locale: .en, live: true)
        _ = failing.feed(Self.lit) { _ in Self.page(["Exit on the left."]) }
        #expect(failing.feed(Self.lit) { _ in throw RecognizerFailed() }.notices == [.pageUnread])
        #expect(failing.finish() == PageReader.Step())
    }

    @Test("a document has nothing left to say at the end: every frame was read as it came")
    func aDocumentEndsWithNothingMore() {
        var reader = PageReader(locale: .en, live: false)
        _ = reader.feed(Self.dark) { _ in Self.nothing }
        #expect(reader.finish() == PageReader.Step())
    }

    // MARK: - Pages as held: turned, cut, in their own language

    @Test("document: a folder of turned pages says the turn before the first page's reading, then once per change")
    func documentSaysTheTurnOncePerChange() throws {
        var reader = PageReader(locale: .en, live: false)
        var notices: [[ReadingNotice]] = []
        for degrees in [180, 180, 0, 180, 90] {
            let step = reader.feed(Self.lit) { _ in Self.page(["Take two tablets."], view: PageView(turnedDegrees: degrees)) }
            #expect(step.script?.texts == ["Take two tablets."], "every page is read")
            notices.append(step.notices)
        }
        #expect(notices == [[.readTurned(.upsideDown)], [], [], [.readTurned(.upsideDown)], [.readTurned(.onItsSide)]])
    }

    @Test("the turn is said first, then the page's framing (its edges named as read) and its other reading notices")
    func theTurnComesBeforeTheReadingAfterFraming() {
        var reader = PageReader(locale: .en, live: false)
        let unsure = PerceptionRecord(kind: .text, label: "Smudged.", confidence: 0.1, box: NormalizedBox(x: 0.1, y: 0.5, width: 0.5, height: 0.1))
        var perception = Self.page(["Take two tablets."], view: PageView(turnedDegrees: 180, cutEdges: [.top]))
        perception.records.append(unsure)
        let step = reader.feed(Self.lit) { _ in perception }
        #expect(step.notices == [.readTurned(.upsideDown), .framing(.pageEdgeOutOfView(.top)), .partlyUnread])
    }

    @Test("document: a cut page from which nothing was read says its edge and that no text is recognized")
    func aCutPageWithNoTextSaysBoth() {
        var reader = PageReader(locale: .en, live: false)
        let step = reader.feed(Self.lit) { _ in Perception(records: [], page: PageView(cutEdges: [.top])) }
        #expect(step.notices == [.framing(.pageEdgeOutOfView(.top)), .framing(.noTextRecognized)])
        #expect(step.script == nil)
    }

    @Test("live: the turn is said with the page's reading, once while it is held, and again once it changed")
    func liveSaysTheTurnWithTheReading() {
        var reader = PageReader(locale: .en, live: true)
        var notices: [ReadingNotice] = []
        let upsideDown = Self.page(["Exit on the left."], view: PageView(turnedDegrees: 180))
        for _ in 0..<6 { notices += reader.feed(Self.lit) { _ in upsideDown }.notices }
        #expect(notices == [.readTurned(.upsideDown)])
        notices = []
        for _ in 0..<4 { notices += reader.feed(Self.lit) { _ in Self.page(["Now upright."]) }.notices }
        for _ in 0..<4 { notices += reader.feed(Self.lit) { _ in Self.page(["Over again."], view: PageView(turnedDegrees: 180)) }.notices }
        #expect(notices == [.readTurned(.upsideDown)])
    }

    @Test("live: a page read at the end of the input says its turn too")
    func liveFinishSaysTheTurn() throws {
        var reader = PageReader(locale: .en, live: true)
        _ = reader.feed(Self.lit) { _ in Self.page(["Exit on the left."], view: PageView(turnedDegrees: 90)) }
        let step = reader.finish()
        #expect(step.notices == [.readTurned(.onItsSide)])
        #expect(step.script?.texts == ["Exit on the left."])
    }

    @Test("document: a cut page edge is said before the page, by edge", arguments: FrameEdge.allCases)
    func documentSaysTheCutEdge(edge: FrameEdge) {
        var reader = PageReader(locale: .en, live: false)
        let step = reader.feed(Self.lit) { _ in Self.page(["Take two tablets."], view: PageView(cutEdges: [edge])) }
        #expect(step.notices == [.framing(.pageEdgeOutOfView(edge))])
        #expect(step.script != nil)
    }

    @Test("live: page edges are said once per change, and moving back is said when the page overflows")
    func liveSaysPageEdgesOncePerChange() {
        var reader = PageReader(locale: .en, live: true)
        var notices: [ReadingNotice] = []
        for view in [PageView(cutEdges: [.top]), PageView(cutEdges: [.top]), PageView(cutEdges: [.top]),
                     PageView(cutEdges: [.left, .right]), PageView(cutEdges: [.left, .right]), PageView(cutEdges: [.left, .right])] {
            notices += reader.feed(Self.lit) { _ in Self.page(["Exit on the left."], view: view) }.notices.filter {
                if case .framing = $0 { return true } else { return false }
            }
        }
        #expect(notices == [.framing(.pageEdgeOutOfView(.top)), .framing(.holdFurtherAway)])
    }

    static let english = "The pharmacy opens at nine in the morning and closes at six."
    static let spanish = "La farmacia abre a las nueve de la mañana. El Sr. García atiende por la tarde."

    /// Two blocks far apart, each its own paragraph.
    static func mixedPage() -> Perception {
        Perception(records: [
            PerceptionRecord(kind: .text, label: english, confidence: 0.95, box: NormalizedBox(x: 0.1, y: 0.1, width: 0.8, height: 0.08)),
            PerceptionRecord(kind: .text, label: spanish, confidence: 0.95, box: NormalizedBox(x: 0.1, y: 0.6, width: 0.8, height: 0.08)),
        ])
    }

    @Test("unpinned: each block is read in its own language, segmented with its abbreviations; notices stay the person's")
    func aMixedPageIsReadBlockByBlock() throws {
        var reader = PageReader(locale: .en, live: false, pinned: false)
        #expect(reader.pageLocales == [.en, .es, .vi])
        let script = try #require(reader.feed(Self.lit) { _ in Self.mixedPage() }.script)
        #expect(script.segments == [
            ReadingSegment(Self.english, locale: .en),
            ReadingSegment("La farmacia abre a las nueve de la mañana.", locale: .es),
            // "Sr." is a Spanish title: the Spanish segmenter keeps it with the name.
            ReadingSegment("El Sr. García atiende por la tarde.", locale: .es),
        ])
    }

    @Test("pinned: every block is read in the pinned locale, and nothing is asked of the reader")
    func aPinnedLocaleNeverChanges() throws {
        var reader = PageReader(locale: .en, live: false, pinned: true)
        #expect(reader.pageLocales == nil)
        let script = try #require(reader.feed(Self.lit) { _ in Self.mixedPage() }.script)
        #expect(script.segments.allSatisfy { $0.locale == .en })
    }

    @Test("an unsure foreign block is hedged in its own language, so one voice reads it whole")
    func anUnsureForeignBlockIsHedgedInItsLanguage() throws {
        var reader = PageReader(locale: .en, live: false, pinned: false)
        let unsure = PerceptionRecord(kind: .text, label: "La farmacia abre a las nueve de la mañana.", confidence: 0.65,
                                      box: NormalizedBox(x: 0.1, y: 0.1, width: 0.8, height: 0.08))
        let script = try #require(reader.feed(Self.lit) { _ in Perception(records: [unsure]) }.script)
        let hedge = Phrasing.hedgeTemplate(certainty: .medium, stream: .text, locale: .es)
        #expect(script.segments == [ReadingSegment(hedge.filled(["text": "La farmacia abre a las nueve de la mañana."]), locale: .es)])
    }
}
