/// Live reading: speaks a page once its recognized text has settled, and only once.
///
/// Recognition runs on every frame and never returns exactly the same text twice, so
/// reading "what is recognized now" would restart the page every frame, and reading
/// every change would read the page again and again. The rules:
/// - a page is **spoken** when `settleFrames` consecutive frames each recognize text
///   similar to the frame before (`TextSimilarity` at or above `similarity`): the
///   camera is held still on it. What is spoken is the latest of those frames;
/// - while frames stay similar to the page spoken last, it is **held** and not spoken
///   again, however long it stays in view;
/// - a frame clearly different from the held page starts a new page, which is spoken
///   once it settles in turn;
/// - **empty frames** (no text recognized) are neither evidence of a new page nor of
///   the old one leaving: recognition drops whole frames while focus hunts or a hand
///   moves, and the page is still there. They neither count toward settling nor reset
///   it, until `releaseFrames` of them come in a row: then the page is gone, and the
///   same page shown again is read again, as the person asked by showing it.
///
/// Pure: the caller feeds each frame's ordered text (`OrderedText.text`) and speaks what
/// comes back.
public struct LiveReadingStabilizer: Sendable {
    /// Three frames: enough to know the camera is held still, a fraction of a second
    /// at a live-reading rate.
    public static let defaultSettleFrames = 3
    /// 0.8: a page re-read with a few characters flickered stays above it; a different
    /// page, even on the same subject, falls well below.
    public static let defaultSimilarity = 0.8
    /// Five empty frames in a row: longer than recognition drops out while a page is
    /// held, short enough that putting the page down and back is noticed.
    public static let defaultReleaseFrames = 5

    public let settleFrames: Int
    public let similarity: Double
    public let releaseFrames: Int

    /// The page last spoken, while it is held; nil once released.
    public private(set) var heldPage: String?
    /// The text that is settling and for how many similar frames in a row.
    private var settling: (text: String, frames: Int)?
    private var emptyRun = 0

    public init(settleFrames: Int = defaultSettleFrames, similarity: Double = defaultSimilarity,
                releaseFrames: Int = defaultReleaseFrames) {
        precondition(settleFrames >= 1, "a page needs at least one frame to settle")
        precondition(similarity > 0 && similarity <= 1, "similarity is a share in (0, 1]")
        precondition(releaseFrames >= 1, "a page needs at least one empty frame to be released")
        self.settleFrames = settleFrames
        self.similarity = similarity
        self.releaseFrames = releaseFrames
    }

    /// Feeds one frame's recognized text; returns the page to speak now, or nil.
    public mutating func feed(_ text: String) -> String? {
        guard text.contains(where: { !$0.isWhitespace }) else {
            emptyRun += 1
            if emptyRun >= releaseFrames { reset() }
            return nil
        }
        emptyRun = 0
        if let heldPage, TextSimilarity.similarity(text, heldPage) >= similarity {
            settling = nil
            return nil
        }
        if let settling, TextSimilarity.similarity(text, settling.text) >= similarity {
            self.settling = (text, settling.frames + 1)
        } else {
            settling = (text, 1)
        }
        guard let settled = settling, settled.frames >= settleFrames else { return nil }
        heldPage = settled.text
        settling = nil
        return settled.text
    }

    /// The input ended on the frame fed last, which now holds still for good: the page it
    /// was settling into, to speak now, or nil (nothing settling, or the last frame was
    /// empty, which holding would have released).
    public mutating func finish() -> String? {
        guard emptyRun == 0, let settled = settling else { return nil }
        heldPage = settled.text
        settling = nil
        return settled.text
    }

    /// Forgets the held page and anything settling: a new live-reading session.
    public mutating func reset() {
        heldPage = nil
        settling = nil
        emptyRun = 0
    }
}
