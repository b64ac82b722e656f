/// Whether a read was good enough to stand, or so poor the page may be held turned.
///
/// Upright print reads as lines of confident words; print on its side gives nothing, a
/// few scattered marks or lines standing on end, and upside down gives lines of nonsense
/// with low confidence ("Jaye IALIP JOU OG"). Only such a read pays for orientation
/// detection and a second read, so an upright page costs what it cost before.
enum ReadQuality {
    /// Fewer words than this are too few to judge by: OSD is asked.
    static let minimumWords = 4
    /// A mean word confidence (0...100) under this is a poor read. The bench's upright
    /// pages read at about 96, in en, es and vi, pinned or with all three languages;
    /// upside down, a page read with all three languages can still score 75 (the
    /// Vietnamese page: each nonsense word matched by whichever model fits it least
    /// badly), where a read pinned to one language scores under 60. A turn is judged by
    /// how it reads (`isBetterTurned`), so a poor upright read costs time, never a turn.
    static let minimumMeanConfidence: Float = 85

    static func isPoor(_ lines: [RecognizedLine]) -> Bool {
        let confidences = lines.flatMap(\.wordConfidences)
        guard confidences.count >= minimumWords else { return true }
        return confidences.reduce(0, +) / Float(confidences.count) < minimumMeanConfidence
    }

    /// Whether most lines stand on end, taller than wide: print on its side, which
    /// tesseract may read as vertical lines. It is read again turned so that its lines,
    /// boxes and order are those of the page the person holds, turned upright.
    static func standsSideways(_ lines: [RecognizedLine]) -> Bool {
        let long = lines.filter { $0.text.filter { !$0.isWhitespace }.count >= 3 }
        return !long.isEmpty && long.filter { $0.bottom - $0.top > $0.right - $0.left }.count * 2 > long.count
    }

    /// Whether a read turned is to be kept instead of the read as held: it must stand on
    /// its own (not poor) and be more confident per word. A sum of confidences would let
    /// many low-confidence words of nonsense outweigh a few good ones.
    /// Print on its side that tesseract read as lines standing on end may read as
    /// confidently as turned: then lines across the page are what tell.
    static func isBetterTurned(_ turned: [RecognizedLine], than asHeld: [RecognizedLine]) -> Bool {
        // Turned, the lines must run across: tesseract reads some pages on a table as
        // lines standing on end, confidently enough, at any turn.
        guard !isPoor(turned), !standsSideways(turned) else { return false }
        if standsSideways(asHeld) { return true }
        let held = asHeld.flatMap(\.wordConfidences)
        guard held.count >= minimumWords else { return true }
        let turnedWords = turned.flatMap(\.wordConfidences)
        return turnedWords.reduce(0, +) / Float(turnedWords.count) > held.reduce(0, +) / Float(held.count)
    }

    /// The clockwise quarter turns to read a poorly read page with, in order, until one
    /// is better (`isBetterTurned`): what orientation detection found first, then the
    /// opposite turn (it mistakes a quarter turn for three quarters on a short page), then
    /// the others when it was unsure or found the page upright. On a short Vietnamese page
    /// OSD's confidence is about 8 and it answers wrongly or not at all; reading is the
    /// judge. A frame where nothing was read at all and OSD is unsure has nothing to turn.
    static func turnsToTry(detected: Int?, readAnyText: Bool) -> [Int] {
        if let detected, detected != 0 {
            return [detected, (detected + 2) % 4]
        }
        return readAnyText ? [2, 1, 3] : []
    }
}
