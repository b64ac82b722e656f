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
    static func page(_ lines: [String], confidence: Double = 0.95) -> [PerceptionRecord] {
        lines.enumerated().map { index, text in
            PerceptionRecord(kind: .text, label: text, confidence: confidence,
                             box: NormalizedBox(x: 0.1, y: 0.1 + Double(index) * 0.12, width: 0.7, height: 0.1))
        }
    }

    @Test(arguments: [SpokenLocale.en, .es, .vi])
    func aDocumentPageIsReadSentenceBySentence(locale: SpokenLocale) throws {
        var reader = PageReader(locale: locale, live: false)
        let step = reader.feed(Self.lit) { _ in Self.page(["First sentence here. Second", "one follows it."]) }
        #expect(step.notices.isEmpty)
        let script = try #require(step.script)
        #expect(script.segments == ["First sentence here.", "Second one follows it."])
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
        let step = reader.feed(Self.lit) { _ in [] }
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
        let step = reader.feed(Self.lit) { _ in [sure, unsure, smudged] }
        let script = try #require(step.script)
        #expect(script.segments == ["Take two tablets.", "The text may say: Twice daily.", "The text may say: With food."])
        #expect(script.skippedBlocks == 1)
        #expect(step.notices == [.partlyUnread])
        #expect(!script.segments.joined().contains("exceed"))
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
            notices += reader.feed(Self.dark) { _ in recognized += 1; return [] }.notices
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
        for _ in 0..<6 { notices += reader.feed(Self.lit) { _ in [] }.notices }
        #expect(notices == [.framing(.noTextRecognized)])
    }

    // MARK: - The end of a live input: its last frame holds still

    @Test("live, one dark frame then the end: too dark, said once from the end")
    func liveOneDarkFrameEndsTooDark() {
        var reader = PageReader(locale: .en, live: true)
        #expect(reader.feed(Self.dark) { _ in [] }.notices.isEmpty)
        #expect(reader.finish().notices == [.tooDark])
        #expect(reader.finish().notices.isEmpty, "said once")
    }

    @Test("live, one frame without text then the end: no text is being recognized, once")
    func liveOneBlankFrameEndsWithNoText() {
        var reader = PageReader(locale: .en, live: true)
        #expect(reader.feed(Self.lit) { _ in [] }.notices.isEmpty)
        #expect(reader.finish().notices == [.framing(.noTextRecognized)])
        #expect(reader.finish().notices.isEmpty, "said once")
    }

    @Test("live, one frame of text then the end: the page is read, as the frame held still")
    func liveOneFrameOfTextEndsRead() throws {
        var reader = PageReader(locale: .en, live: true)
        #expect(reader.feed(Self.lit) { _ in Self.page(["Exit on the left."]) }.script == nil)
        let script = try #require(reader.finish().script)
        #expect(script.segments == ["Exit on the left."])
    }

    @Test("live, what was already said is not said again at the end")
    func liveEndSaysNothingAlreadySaid() {
        var reader = PageReader(locale: .en, live: true)
        var said = 0
        for _ in 0..<6 where reader.feed(Self.lit, perceive: { _ in Self.page(["Exit on the left."]) }).script != nil { said += 1 }
        #expect(said == 1)
        #expect(reader.finish() == PageReader.Step())
        var dark = PageReader(locale: .en, live: true)
        for _ in 0..<4 { _ = dark.feed(Self.dark) { _ in [] } }
        #expect(dark.finish() == PageReader.Step(), "too dark was said after three frames")
    }

    @Test("live, the end judges only the last frame: after a page, a dark last frame is darkness, an unread one nothing more")
    func liveEndJudgesTheLastFrame() {
        var reader = PageReader(locale: .en, live: true)
        _ = reader.feed(Self.lit) { _ in Self.page(["Exit on the left."]) }
        _ = reader.feed(Self.dark) { _ in [] }
        #expect(reader.finish() == PageReader.Step(notices: [.tooDark]))
        var failing = PageReader(locale: .en, live: true)
        _ = failing.feed(Self.lit) { _ in Self.page(["Exit on the left."]) }
        #expect(failing.feed(Self.lit) { _ in throw RecognizerFailed() }.notices == [.pageUnread])
        #expect(failing.finish() == PageReader.Step())
    }

    @Test("a document has nothing left to say at the end: every frame was read as it came")
    func aDocumentEndsWithNothingMore() {
        var reader = PageReader(locale: .en, live: false)
        _ = reader.feed(Self.dark) { _ in [] }
        #expect(reader.finish() == PageReader.Step())
    }
}
