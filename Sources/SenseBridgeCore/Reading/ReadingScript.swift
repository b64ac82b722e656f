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
    public var segments: [ReadingSegment]
    /// Blocks not read because their confidence is below `Certainty.precisionFloor`.
    public var skippedBlocks: Int

    /// The segments' words, in order, without their languages.
    public var texts: [String] { segments.map(\.text) }

    /// - Parameters:
    ///   - segmenter: segments blocks in the person's locale, and sets the words per
    ///     segment for every language.
    ///   - pageLocales: the languages the page may be in, the person's first (nil or one:
    ///     pinned to the segmenter's locale). Each block is then read in the language
    ///     `BlockLanguage` tells it is in: segmented with that language's abbreviations
    ///     and, when unsure, hedged in that language, so the segment is one language
    ///     throughout and its voice never reads the other's words.
    public init(_ text: OrderedText, segmenter: TextSegmenter, pageLocales: [SpokenLocale]? = nil) {
        var segments: [ReadingSegment] = []
        var skipped = 0
        var segmenters = [segmenter.locale: segmenter]
        for block in text.blocks {
            guard let certainty = Certainty(confidence: block.lowestConfidence) else {
                skipped += 1
                continue
            }
            let locale = pageLocales.map { BlockLanguage.identify(block.text, among: $0, person: segmenter.locale) } ?? segmenter.locale
            let blockSegmenter = segmenters[locale] ?? TextSegmenter(locale: locale, maximumWords: segmenter.maximumWords)
            segmenters[locale] = blockSegmenter
            let sentences = blockSegmenter.segments(block.text)
            if certainty == .high {
                segments += sentences.map { ReadingSegment($0, locale: locale) }
            } else {
                let hedge = Phrasing.hedgeTemplate(certainty: certainty, stream: .text, locale: locale)
                segments += sentences.map { ReadingSegment(hedge.filled(["text": $0]), locale: locale) }
            }
        }
        self.segments = segments
        self.skippedBlocks = skipped
    }
}
