import Foundation
import SenseBridgeCore
import Testing

/// Synthetic layouts built word by word, fed in scrambled orders, read back in order.
@Suite struct ReadingOrderTests {
    static func word(_ text: String, x: Double, y: Double, width: Double = 0.1, height: Double = 0.025,
                     confidence: Double = 0.9) -> PerceptionRecord {
        PerceptionRecord(kind: .text, label: text, confidence: confidence,
                         box: NormalizedBox(x: x, y: y, width: width, height: height))
    }

    /// One line of words, each `width` wide with a small space, from `x` at `y`.
    static func line(_ words: [String], x: Double, y: Double, width: Double = 0.1, height: Double = 0.025,
                     confidence: Double = 0.9) -> [PerceptionRecord] {
        words.enumerated().map { index, text in
            word(text, x: x + Double(index) * (width + 0.01), y: y, width: width, height: height, confidence: confidence)
        }
    }

    /// A column of lines, one per entry, `pitch` apart from `top`.
    static func column(_ lines: [[String]], x: Double, top: Double, pitch: Double = 0.04) -> [PerceptionRecord] {
        lines.enumerated().flatMap { index, words in line(words, x: x, y: top + Double(index) * pitch) }
    }

    /// A deterministic shuffle: every third record first, then the rest reversed. The
    /// order a recognizer reports must not matter.
    static func scrambled(_ records: [PerceptionRecord]) -> [PerceptionRecord] {
        let picked = records.indices.filter { $0 % 3 == 0 }
        return picked.map { records[$0] } + records.indices.filter { $0 % 3 != 0 }.reversed().map { records[$0] }
    }

    static let leftColumn = [["The", "left", "column"], ["starts", "here", "and"], ["runs", "down", "to"], ["its", "end."]]
    static let rightColumn = [["Then", "the", "right"], ["column", "follows", "on"], ["to", "the", "end."]]
    static let heading = line(["A", "heading", "over", "both", "columns"], x: 0.1, y: 0.05, width: 0.14, height: 0.04)

    static func texts(_ ordered: OrderedText) -> [String] { ordered.blocks.map(\.text) }

    @Test func twoColumnsAreReadLeftColumnFirst() {
        // Rows aligned across the columns: each row is a horizontal band of its own.
        let records = Self.column(Self.leftColumn, x: 0.1, top: 0.15) + Self.column(Self.rightColumn, x: 0.55, top: 0.15)
        let ordered = ReadingOrder.order(Self.scrambled(records))
        #expect(Self.texts(ordered) == [
            "The left column\nstarts here and\nruns down to\nits end.",
            "Then the right\ncolumn follows on\nto the end.",
        ])
    }

    @Test func aHeadingSpanningBothColumnsIsReadFirstAndAlone() {
        let records = Self.heading + Self.column(Self.leftColumn, x: 0.1, top: 0.15)
            + Self.column(Self.rightColumn, x: 0.55, top: 0.15)
        let ordered = ReadingOrder.order(Self.scrambled(records))
        #expect(Self.texts(ordered) == [
            "A heading over both columns",
            "The left column\nstarts here and\nruns down to\nits end.",
            "Then the right\ncolumn follows on\nto the end.",
        ])
    }

    @Test func columnsWhoseLinesDoNotAlignAreStillReadAsColumns() {
        let records = Self.heading + Self.column(Self.leftColumn, x: 0.1, top: 0.15)
            + Self.column(Self.rightColumn, x: 0.55, top: 0.17)
        #expect(ReadingOrder.order(Self.scrambled(records)).text
            == "A heading over both columns\n\nThe left column\nstarts here and\nruns down to\nits end.\n\nThen the right\ncolumn follows on\nto the end.")
    }

    @Test func aFullWidthFooterAfterTwoColumnsComesLast() {
        let footer = Self.line(["Page", "footer", "across", "the", "page"], x: 0.1, y: 0.5, width: 0.14)
        let records = Self.column(Self.leftColumn, x: 0.1, top: 0.15) + Self.column(Self.rightColumn, x: 0.55, top: 0.15) + footer
        #expect(Self.texts(ReadingOrder.order(Self.scrambled(records))).last == "Page footer across the page")
    }

    /// Word boxes of a paragraph turned `degrees` about the page centre: each box stays
    /// upright, as a recognizer reports it, around its rotated centre.
    static func rotatedParagraph(degrees: Double) -> [PerceptionRecord] {
        let lines = [["one", "two", "three", "four", "five", "six"], ["seven", "eight", "nine", "ten", "eleven", "twelve"],
                     ["thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"], ["nineteen", "twenty"]]
        let angle = degrees * Double.pi / 180
        let (width, height, pitch) = (0.12, 0.03, 0.048)
        return lines.enumerated().flatMap { row, words in
            words.enumerated().map { column, text in
                let cx = 0.1 + Double(column) * (width + 0.015) + width / 2 - 0.5
                let cy = 0.3 + Double(row) * pitch + height / 2 - 0.5
                let (rx, ry) = (cx * cos(angle) - cy * sin(angle), cx * sin(angle) + cy * cos(angle))
                return word(text, x: rx + 0.5 - width / 2, y: ry + 0.5 - height / 2, width: width, height: height)
            }
        }
    }

    @Test(arguments: [-5.0, -3.0, 0.0, 3.0, 5.0])
    func slightlyRotatedLinesStayWholeAndInOrder(degrees: Double) {
        let ordered = ReadingOrder.order(Self.scrambled(Self.rotatedParagraph(degrees: degrees)))
        #expect(ordered.blocks.map(\.lines) == [[
            "one two three four five six", "seven eight nine ten eleven twelve",
            "thirteen fourteen fifteen sixteen seventeen eighteen", "nineteen twenty",
        ]], "rotated \(degrees)°")
    }

    @Test func aParagraphGapAndALargerHeadingStartNewBlocks() {
        let title = Self.line(["Title"], x: 0.1, y: 0.05, height: 0.05)
        let first = Self.column([["First", "paragraph"], ["goes", "on."]], x: 0.1, top: 0.105)
        let second = Self.column([["Second", "paragraph."]], x: 0.1, top: 0.25)
        #expect(Self.texts(ReadingOrder.order(second + first + title)) == ["Title", "First paragraph\ngoes on.", "Second paragraph."])
    }

    @Test func eachBlockCarriesItsLowestConfidence() {
        let first = Self.line(["Clear", "text"], x: 0.1, y: 0.1, confidence: 0.95)
            + [Self.word("smudge", x: 0.1, y: 0.14, confidence: 0.45)]
        let second = Self.line(["Later", "text"], x: 0.1, y: 0.4, confidence: 0.85)
        let ordered = ReadingOrder.order(second + first)
        #expect(ordered.blocks.map(\.lowestConfidence) == [0.45, 0.85])
        #expect(ordered.lowestConfidence == 0.45)
    }

    @Test func recordsWithoutABoxFollowInTheirGivenOrder() {
        let unboxed = [PerceptionRecord(kind: .text, label: "second", confidence: 0.7),
                       PerceptionRecord(kind: .text, label: "first", confidence: 0.8,
                                        box: NormalizedBox(x: .nan, y: 0, width: 0.1, height: 0.1)),
                       PerceptionRecord(kind: .text, label: "third", confidence: 0.6,
                                        box: NormalizedBox(x: 0.1, y: 0.1, width: 0.1, height: 0))]
        let boxed = Self.line(["Boxed", "line"], x: 0.1, y: 0.8)
        let ordered = ReadingOrder.order(unboxed + boxed)
        #expect(Self.texts(ordered) == ["Boxed line", "second", "first", "third"])
        #expect(ordered.blocks.map(\.lowestConfidence) == [0.9, 0.7, 0.8, 0.6])
    }

    @Test func onlyNonBlankTextIsRead() {
        let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9,
                                        box: NormalizedBox(x: 0.1, y: 0.1, width: 0.2, height: 0.2)),
                       PerceptionRecord(kind: .text, label: " \n ", confidence: 0.9),
                       Self.word("Exit", x: 0.4, y: 0.4)]
        #expect(ReadingOrder.order(records).text == "Exit")
        #expect(ReadingOrder.order([]) == OrderedText(blocks: []))
        #expect(ReadingOrder.order([]).lowestConfidence == nil)
    }

    /// Line-level records, as some recognizers report them, hand the segmenter the line
    /// breaks (and the soft hyphen) it needs to rejoin a broken word.
    @Test func lineRecordsKeepWhatTheSegmenterNeeds() {
        let records = [Self.word("Text recog\u{AD}", x: 0.1, y: 0.1, width: 0.5),
                       Self.word("nition and infor-", x: 0.1, y: 0.14, width: 0.5),
                       Self.word("mation  work.", x: 0.1, y: 0.18, width: 0.5)]
        let ordered = ReadingOrder.order(records.reversed())
        #expect(TextSegmenter(locale: .en).segments(ordered.text) == ["Text recognition and information work."])
    }

    /// Boxes are normalized per axis: the same normalized space is wider on a 16:9 frame.
    @Test func theFrameAspectRatioDecidesWhetherAGapIsASpace() {
        let records = [Self.word("near", x: 0.1, y: 0.1, height: 0.03), Self.word("far", x: 0.22, y: 0.1, height: 0.03)]
        #expect(Self.texts(ReadingOrder.order(records, frameAspectRatio: 1)) == ["near far"])
        #expect(Self.texts(ReadingOrder.order(records, frameAspectRatio: 16.0 / 9)) == ["near", "far"])
    }
}
