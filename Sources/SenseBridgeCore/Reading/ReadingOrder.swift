/// Puts recognized text records (words or lines, each with a box) into reading order.
///
/// An OCR engine reports text in whatever order it found it. Read in that order, two
/// columns interleave line by line and a heading lands in the middle of a paragraph, and
/// a listener has no way to see that the order is wrong. So: records → lines
/// (`ReadingLine`, which tolerates a page rotated a few degrees) → columns and full-width
/// pieces (`ReadingColumns`) → blocks, split where the spacing or the text size says a
/// new paragraph or heading begins.
///
/// Records without a usable box follow the boxed ones, in the order they were given,
/// one block each: where they sat is unknown, and guessing would invent an order.
/// Only text records with a non-blank label are read; other kinds are not text.
public enum ReadingOrder {
    /// A gap between two lines of a column taller than this share of the text height
    /// starts a new block. Lines of a paragraph sit a fraction of a height apart;
    /// a paragraph break or a heading's space is most of a line or more.
    public static let blockGap = 0.8

    /// A line whose text height differs from the line before by this factor or more
    /// starts a new block: a heading set larger than its paragraph is kept apart from it
    /// even when the two sit close, so the segmenter never runs one into the other.
    public static let headingSizeChange = 1.5

    /// - Parameters:
    ///   - records: perception records; only `.text` ones are read.
    ///   - frameAspectRatio: the frame's width ÷ height. Boxes are normalized per axis,
    ///     so a horizontal gap can only be compared with a text height in the frame's
    ///     own proportions; 1 treats the normalized axes as equal.
    public static func order(_ records: [PerceptionRecord], frameAspectRatio: Double = 1) -> OrderedText {
        let aspectRatio = frameAspectRatio.isFinite && frameAspectRatio > 0 ? frameAspectRatio : 1
        var words: [ReadingLine.Word] = []
        var unplaced: [ReadingBlock] = []
        for record in records where record.kind == .text {
            // Whitespace collapses here; everything else waits for the segmenter, which
            // needs a soft hyphen at a line's end to rejoin the word it broke.
            let text = record.label.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !text.isEmpty else { continue }
            if let box = record.box, isUsable(box) {
                words.append(ReadingLine.Word(text: text, box: box, confidence: record.confidence))
            } else {
                unplaced.append(ReadingBlock(lines: [text], lowestConfidence: record.confidence))
            }
        }
        let lines = ReadingLine.lines(from: words, aspectRatio: aspectRatio)
        let runs = ReadingColumns.runs(lines, aspectRatio: aspectRatio)
        return OrderedText(blocks: runs.flatMap(blocks) + unplaced)
    }

    /// A box with finite coordinates and a size: anything else cannot be placed against
    /// the others.
    static func isUsable(_ box: NormalizedBox) -> Bool {
        [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite) && box.width > 0 && box.height > 0
    }

    /// One column's lines, top to bottom, cut into blocks.
    private static func blocks(_ run: [ReadingLine]) -> [ReadingBlock] {
        var blocks: [ReadingBlock] = []
        var previous: ReadingLine?
        for line in run {
            if let previous, !startsBlock(line, after: previous), var block = blocks.popLast() {
                block.lines.append(line.text)
                block.lowestConfidence = min(block.lowestConfidence, line.lowestConfidence)
                blocks.append(block)
            } else {
                blocks.append(ReadingBlock(lines: [line.text], lowestConfidence: line.lowestConfidence))
            }
            previous = line
        }
        return blocks
    }

    private static func startsBlock(_ line: ReadingLine, after previous: ReadingLine) -> Bool {
        let taller = max(line.height, previous.height)
        let shorter = min(line.height, previous.height)
        if taller >= headingSizeChange * shorter { return true }
        return line.anchor.minY - previous.anchor.maxY > blockGap * taller
    }
}
