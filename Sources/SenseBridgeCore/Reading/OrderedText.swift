/// Recognized text in the order a sighted reader would take it, split into blocks.
///
/// Blocks are kept apart rather than joined into one string because each carries its own
/// weakest confidence: a caller can hedge the one smudged paragraph without making the
/// whole page sound doubtful, and never make the smudged one sound sure.
public struct OrderedText: Equatable, Sendable {
    public var blocks: [ReadingBlock]

    public init(blocks: [ReadingBlock]) {
        self.blocks = blocks
    }

    /// Every block, lines joined by a line break and blocks by a blank line, which
    /// `TextSegmenter` reads as a paragraph break: a heading never runs into its text.
    public var text: String {
        blocks.map(\.text).joined(separator: "\n\n")
    }

    /// The weakest confidence on the page; nil when there is no text.
    public var lowestConfidence: Double? {
        blocks.map(\.lowestConfidence).min()
    }
}

/// A paragraph, heading or column fragment: lines read one after another.
public struct ReadingBlock: Equatable, Sendable {
    /// Each line's words joined by single spaces, top to bottom.
    public var lines: [String]
    /// The lowest confidence of any record in the block: a block is only as sure as its
    /// weakest word, the same rule the hedge follows everywhere else.
    public var lowestConfidence: Double

    public init(lines: [String], lowestConfidence: Double) {
        self.lines = lines
        self.lowestConfidence = lowestConfidence
    }

    /// The lines joined by line breaks, so hyphenation at a line end stays visible to
    /// the segmenter.
    public var text: String {
        lines.joined(separator: "\n")
    }
}
