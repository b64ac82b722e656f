/// Something the reading logic tells the listener about reading itself, rather than the
/// text being read: the end of the text, how the text sits in the frame, how the page was
/// turned, the light. Always in the person's locale, whatever language the page is in.
///
/// One enum and one function from notice to sentence, like `SpokenStatus`, so every
/// sentence reading can say is found in the locale tables and nowhere else.
public enum ReadingNotice: Hashable, Sendable {
    /// The cursor passed the last sentence (`ReadingCursor`).
    case endOfText
    /// One framing instruction (`FramingGuidance`, passed through `FramingTracker`).
    case framing(FramingInstruction)
    /// The page was read turned upright, said once per change (`OrientationTracker`),
    /// before its reading, so the person can hold the next one right.
    case readTurned(PageTurn)
    /// Three dim frames in a row (`DarknessTracker`).
    case tooDark
    /// Part of the page was recognized below the precision floor and not read.
    case partlyUnread
    /// The recognizer failed on the page.
    case pageUnread
    /// No more pictures will come (a camera unplugged, a crashed source).
    case sourceStopped
}

extension Phrasing {
    /// The sentence for a reading notice, from the locale's table.
    public static func reading(_ notice: ReadingNotice, locale: SpokenLocale) -> String {
        SpokenTable.reading(locale) { table in
            switch notice {
            case .endOfText: return table.readingEnded.text
            case .tooDark: return table.tooDarkToRead.text
            case .partlyUnread: return table.textPartlyUnread.text
            case .pageUnread: return table.pageUnread.text
            case .sourceStopped: return table.readingSourceStopped.text
            case .readTurned(.upsideDown): return table.pageReadUpsideDown.text
            case .readTurned(.onItsSide): return table.pageReadOnItsSide.text
            case let .framing(instruction):
                switch instruction {
                case .noTextRecognized: return table.noTextRecognized.text
                case .textTooSmall: return table.textTooSmall.text
                case .textPastEdge(.left): return table.textPastLeftEdge.text
                case .textPastEdge(.right): return table.textPastRightEdge.text
                case .textPastEdge(.top): return table.textPastTopEdge.text
                case .textPastEdge(.bottom): return table.textPastBottomEdge.text
                case .pageEdgeOutOfView(.left): return table.pageLeftEdgeOutOfView.text
                case .pageEdgeOutOfView(.right): return table.pageRightEdgeOutOfView.text
                case .pageEdgeOutOfView(.top): return table.pageTopEdgeOutOfView.text
                case .pageEdgeOutOfView(.bottom): return table.pageBottomEdgeOutOfView.text
                case .holdFurtherAway: return table.holdCameraFurtherAway.text
                }
            }
        }
    }
}
