/// Whether a read was good enough to stand, or so poor the page may be held turned.
///
/// Upright print reads as lines of confident words; print on its side gives nothing, a
/// few scattered marks or lines standing on end, and upside down gives lines of nonsense
/// with low confidence ("Jaye IALIP JOU OG"). Only such a read pays for orientation
/// detection and a second read, so an upright page costs what it cost before.
enum ReadQuality {
    /// Fewer words than this are too few to judge by: OSD is asked.
    static let minimumWords = 4
    /// A mean word confidence (0...100) under this is a poor read. Every upright page of
    /// the bench's set (clean, small, blurred, faint, tilted, JPEG, low resolution, lit
    /// unevenly) reads above it, in en, es and vi; every one upside down, below.
    static let minimumMeanConfidence: Float = 70

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

    /// The read to keep of two: the one with more confident text, the sum of its words'
    /// confidences. A turned read that is no better than the upright one is not taken.
    static func score(_ lines: [RecognizedLine]) -> Float {
        lines.flatMap(\.wordConfidences).reduce(0, +)
    }
}
