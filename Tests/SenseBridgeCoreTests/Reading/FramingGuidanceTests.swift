import SenseBridgeCore
import Testing

@Suite struct FramingGuidanceTests {
    static func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> NormalizedBox {
        NormalizedBox(x: x, y: y, width: width, height: height)
    }

    /// Comfortably inside the frame, 0.05 × 1080 = 54 pixels tall.
    static let wellFramed = [box(0.1, 0.2, 0.5, 0.05), box(0.1, 0.3, 0.6, 0.05), box(0.1, 0.4, 0.4, 0.05)]

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var boxes: [NormalizedBox]
        var width = 1920
        var height = 1080
        var instruction: FramingInstruction?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "well framed says nothing", boxes: wellFramed, instruction: nil),
        Row(name: "no boxes: no text is being recognized", boxes: [], instruction: .noTextRecognized),
        Row(name: "text at the left edge", boxes: wellFramed + [box(0, 0.5, 0.3, 0.05)], instruction: .textPastEdge(.left)),
        Row(name: "text at the right edge", boxes: wellFramed + [box(0.6, 0.5, 0.4, 0.05)], instruction: .textPastEdge(.right)),
        Row(name: "text at the top edge", boxes: [box(0.2, 0.005, 0.3, 0.05)] + wellFramed, instruction: .textPastEdge(.top)),
        Row(name: "text at the bottom edge", boxes: wellFramed + [box(0.2, 0.95, 0.3, 0.05)], instruction: .textPastEdge(.bottom)),
        Row(name: "within the margin counts as touching", boxes: [box(0.2, 0.2, 0.795, 0.05)], instruction: .textPastEdge(.right)),
        Row(name: "just outside the margin does not", boxes: [box(0.02, 0.2, 0.5, 0.05)], instruction: nil),
        Row(name: "the edge most boxes touch wins",
            boxes: [box(0, 0.2, 0.3, 0.05), box(0.2, 0.95, 0.3, 0.05), box(0.5, 0.95, 0.3, 0.05)],
            instruction: .textPastEdge(.bottom)),
        Row(name: "a tie goes to the left, where lines start",
            boxes: [box(0.7, 0.2, 0.3, 0.05), box(0, 0.3, 0.3, 0.05)], instruction: .textPastEdge(.left)),
        Row(name: "a box across the whole width touches both sides and the left is said",
            boxes: [box(0, 0.4, 1, 0.05)], instruction: .textPastEdge(.left)),
        Row(name: "text under ten pixels tall is too small",
            boxes: [box(0.3, 0.3, 0.1, 0.008), box(0.3, 0.4, 0.1, 0.008), box(0.3, 0.5, 0.1, 0.05)], instruction: .textTooSmall),
        Row(name: "text of sixteen pixels is enlarged and read, not too small",
            boxes: [box(0.3, 0.3, 0.1, 0.015), box(0.3, 0.4, 0.1, 0.015)], instruction: nil),
        Row(name: "the median decides, not one small word",
            boxes: [box(0.3, 0.3, 0.1, 0.008), box(0.3, 0.4, 0.1, 0.05), box(0.3, 0.5, 0.1, 0.05)], instruction: nil),
        Row(name: "the same boxes on a bigger frame are large enough",
            boxes: [box(0.3, 0.3, 0.1, 0.008)], width: 3840, height: 2160, instruction: nil),
        Row(name: "an edge outranks small text",
            boxes: [box(0, 0.3, 0.1, 0.005)], instruction: .textPastEdge(.left)),
        Row(name: "an unknown frame size never says too small",
            boxes: [box(0.3, 0.3, 0.1, 0.001)], width: 0, height: 0, instruction: nil),
        Row(name: "boxes without a size were still recognized text",
            boxes: [box(0.3, 0.3, 0, 0), box(.nan, 0.3, 0.1, 0.1)], instruction: nil),
    ]

    @Test(arguments: rows)
    func instruction(row: Row) {
        #expect(FramingGuidance.instruction(boxes: row.boxes, frameWidth: row.width, frameHeight: row.height) == row.instruction)
    }

    @Test func recordsCountOnlyNonBlankTextAndTextWithoutBoxesIsNotJudged() {
        let chair = PerceptionRecord(kind: .object, label: "chair", confidence: 0.9, box: Self.box(0, 0, 1, 1))
        let blank = PerceptionRecord(kind: .text, label: "  ", confidence: 0.9, box: Self.box(0, 0, 1, 1))
        let unboxed = PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.9)
        let atEdge = PerceptionRecord(kind: .text, label: "EXIT", confidence: 0.9, box: Self.box(0, 0.4, 0.2, 0.1))
        #expect(FramingGuidance.instruction(records: [chair, blank], frameWidth: 640, frameHeight: 480) == .noTextRecognized)
        #expect(FramingGuidance.instruction(records: [unboxed], frameWidth: 640, frameHeight: 480) == nil)
        #expect(FramingGuidance.instruction(records: [unboxed, atEdge], frameWidth: 640, frameHeight: 480) == .textPastEdge(.left))
    }

    static let everyInstruction: [FramingInstruction] = [.noTextRecognized, .textTooSmall] + FrameEdge.allCases.map { .textPastEdge($0) }

    /// Absence is never inferred (Invariant 2): the sentence is about recognition.
    @Test(arguments: SpokenLocale.allCases)
    func noTextIsAboutRecognitionNeverABlankPage(locale: SpokenLocale) {
        let sentence = Phrasing.reading(.framing(.noTextRecognized), locale: locale).lowercased()
        #expect(["recognized", "reconociendo", "nhận ra"].contains { sentence.contains($0) }, "\(sentence)")
        for claim in ["blank", "empty", "nothing", "en blanco", "vacía", "nada", "trống", "không có gì"] {
            #expect(!sentence.contains(claim), "\(sentence) says \(claim)")
        }
    }

    @Test(arguments: SpokenLocale.allCases)
    func everyInstructionHasItsOwnSentence(locale: SpokenLocale) {
        let sentences = Self.everyInstruction.map { Phrasing.reading(.framing($0), locale: locale) }
        #expect(Set(sentences).count == Self.everyInstruction.count)
        #expect(sentences.allSatisfy { $0.hasSuffix(".") })
    }
}

@Suite struct FramingTrackerTests {
    static let left = FramingInstruction.textPastEdge(.left)

    /// Feeds each frame's instruction; returns what was said after each.
    static func run(_ frames: [FramingInstruction?], confirmations: Int = 2) -> [FramingInstruction?] {
        var tracker = FramingTracker(confirmations: confirmations)
        return frames.map { tracker.feed($0) }
    }

    static let table: [(name: String, frames: [FramingInstruction?], said: [FramingInstruction?])] = [
        ("said once when it has held two frames, then not again",
         [left, left, left, left, left], [nil, left, nil, nil, nil]),
        ("one frame's flicker is never said",
         [nil, left, nil, nil, .textTooSmall, nil], [nil, nil, nil, nil, nil, nil]),
        ("a change that holds is said",
         [left, left, .textTooSmall, .textTooSmall, .textTooSmall], [nil, left, nil, .textTooSmall, nil]),
        ("well framed in between, the same instruction is news again",
         [left, left, nil, nil, left, left], [nil, left, nil, nil, nil, left]),
        ("a flicker to well framed does not re-arm it",
         [left, left, nil, left, left], [nil, left, nil, nil, nil]),
        ("no text recognized is said once like the rest",
         [.noTextRecognized, .noTextRecognized, .noTextRecognized], [nil, .noTextRecognized, nil]),
    ]

    @Test(arguments: table.indices)
    func rules(index: Int) {
        let row = Self.table[index]
        #expect(Self.run(row.frames) == row.said, "\(row.name)")
    }

    @Test func oneConfirmationSaysAChangeAtOnceAndResetForgets() {
        #expect(Self.run([Self.left, Self.left, nil, Self.left], confirmations: 1) == [Self.left, nil, nil, Self.left])
        var tracker = FramingTracker()
        _ = tracker.feed(Self.left)
        _ = tracker.feed(Self.left)
        #expect(tracker.current == Self.left)
        tracker.reset()
        #expect(tracker.current == nil)
        #expect(tracker.feed(Self.left) == nil)
        #expect(tracker.feed(Self.left) == Self.left)
    }
}

/// Guidance from the page's own outline (ABI 1.7's `PageView`), and text boxes from a page
/// read turned or flattened.
@Suite struct PageFramingGuidanceTests {
    static func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> NormalizedBox {
        NormalizedBox(x: x, y: y, width: width, height: height)
    }

    static func text(_ boxes: [NormalizedBox]) -> [PerceptionRecord] {
        boxes.map { PerceptionRecord(kind: .text, label: "words", confidence: 0.9, box: $0) }
    }

    @Test("one cut edge is named; opposite edges or three or more say hold further away",
          arguments: [([FrameEdge.top], FramingInstruction.pageEdgeOutOfView(.top)),
                      ([.bottom], .pageEdgeOutOfView(.bottom)), ([.left], .pageEdgeOutOfView(.left)),
                      ([.right], .pageEdgeOutOfView(.right)),
                      ([.left, .right], .holdFurtherAway), ([.top, .bottom], .holdFurtherAway),
                      ([.top, .left, .right], .holdFurtherAway), ([.top, .left, .bottom], .holdFurtherAway),
                      ([.top, .bottom, .left, .right], .holdFurtherAway),
                      ([.top, .right], .pageEdgeOutOfView(.right)), ([.bottom, .left], .pageEdgeOutOfView(.left))])
    func cutEdgesBecomeInstructions(edges: [FrameEdge], expected: FramingInstruction) {
        #expect(FramingGuidance.instruction(cutEdges: Set(edges)) == expected)
    }

    @Test func aWholePageSaysNothingOfItsEdges() {
        #expect(FramingGuidance.instruction(cutEdges: []) == nil)
    }

    @Test("a cut page edge comes before text at an edge, and before no text at all")
    func pageEdgesComeFirst() {
        let atLeft = Perception(records: Self.text([Self.box(0, 0.3, 0.5, 0.05)]), page: PageView(cutEdges: [.bottom]))
        #expect(FramingGuidance.instruction(atLeft, frameWidth: 1920, frameHeight: 1080) == .pageEdgeOutOfView(.bottom))
        let none = Perception(records: [], page: PageView(cutEdges: [.top, .bottom]))
        #expect(FramingGuidance.instruction(none, frameWidth: 1920, frameHeight: 1080) == .holdFurtherAway)
    }

    @Test("a flattened page's boxes are on the page, not the frame: no text edge is judged from them")
    func flattenedBoxesJudgeNoEdge() {
        let boxes = Self.text([Self.box(0, 0.3, 0.5, 0.05), Self.box(0, 0.4, 0.5, 0.05)])
        #expect(FramingGuidance.instruction(Perception(records: boxes), frameWidth: 1920, frameHeight: 1080) == .textPastEdge(.left))
        #expect(FramingGuidance.instruction(Perception(records: boxes, page: PageView(flattened: true)),
                                            frameWidth: 1920, frameHeight: 1080) == nil)
        #expect(FramingGuidance.instruction(Perception(records: [], page: PageView(flattened: true)),
                                            frameWidth: 1920, frameHeight: 1080) == .noTextRecognized)
    }

    @Test("a page read turned has its boxes turned back into the frame before the edges are judged",
          arguments: [(0, FrameEdge.top), (90, .left), (180, .bottom), (270, .right)])
    func turnedBoxesAreJudgedInTheFrame(degrees: Int, edge: FrameEdge) {
        // A line along the top of the turned image, as the reader reports it.
        let perception = Perception(records: Self.text([Self.box(0.1, 0, 0.7, 0.1)]), page: PageView(turnedDegrees: degrees))
        #expect(FramingGuidance.instruction(perception, frameWidth: 1000, frameHeight: 1000) == .textPastEdge(edge))
    }

    @Test("a page read on its side is judged too small by its lines' own height, in the image as read")
    func sidewaysTextIsMeasuredAsRead() {
        // 0.012 of the read image's height: 8 pixels of a 640 × 480 frame read on its side.
        let small = Perception(records: Self.text([Self.box(0.1, 0.3, 0.7, 0.012), Self.box(0.1, 0.4, 0.7, 0.012)]),
                               page: PageView(turnedDegrees: 90))
        #expect(FramingGuidance.instruction(small, frameWidth: 640, frameHeight: 480) == .textTooSmall)
        // 0.018: 11.5 pixels, large enough; upright in the same frame it would be under 9.
        let readable = Perception(records: Self.text([Self.box(0.1, 0.3, 0.7, 0.018)]), page: PageView(turnedDegrees: 270))
        #expect(FramingGuidance.instruction(readable, frameWidth: 640, frameHeight: 480) == nil)
        #expect(FramingGuidance.instruction(Perception(records: readable.records), frameWidth: 640, frameHeight: 480) == .textTooSmall)
    }

    @Test("each page instruction has its sentence in every locale", arguments: SpokenLocale.allCases)
    func pageInstructionsAreSpoken(locale: SpokenLocale) {
        let instructions = FrameEdge.allCases.map(FramingInstruction.pageEdgeOutOfView) + [.holdFurtherAway]
        let sentences = instructions.map { Phrasing.reading(.framing($0), locale: locale) }
        #expect(Set(sentences).count == instructions.count)
        if locale == .en {
            #expect(sentences[2] == "The top edge of the page is out of view." && sentences[4] == "Hold the camera further away.")
        }
    }
}
