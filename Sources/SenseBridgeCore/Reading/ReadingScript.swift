/// What the cursor reads for one page: its blocks' sentences, each hedged as sure as its
/// block's weakest recognized word earned, and nothing below the precision floor.
///
/// Hedged per block, never per page: one smudged paragraph must not make a clean page
/// sound doubtful, and a clean heading must not lend its certainty to the smudge. Each
/// sentence of an unsure block carries the hedge, because "next" and "back" land on any
/// sentence and the listener must hear the doubt on whichever one they land on. A block
/// below the floor is not read at all: it is the text hedge's own rule (reading a word
/// the recognizer barely saw as if it were printed there is how a person takes the
/// wrong pill), and `skippedBlocks` lets the caller say that something was left out
/// rather than let the page sound complete.
public struct ReadingScript: Equatable, Sendable {
    public var segments: [String]
    /// Blocks not read because their confidence is below `Certainty.precisionFloor`.
    public var skippedBlocks: Int

    public init(_ text: OrderedText, segmenter: TextSegmenter) {
        var segments: [String] = []
        var skipped = 0
        for block in text.blocks {
            guard let certainty = Certainty(confidence: block.lowestConfidence) else {
                skipped += 1
                continue
            }
            let sentences = segmenter.segments(block.text)
            if certainty == .high {
                segments += sentences
            } else {
                let hedge = Phrasing.hedgeTemplate(certainty: certainty, stream: .text, locale: segmenter.locale)
                segments += sentences.map { hedge.filled(["text": $0]) }
            }
        }
        self.segments = segments
        self.skippedBlocks = skipped
    }
}
