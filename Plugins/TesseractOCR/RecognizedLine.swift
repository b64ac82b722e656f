/// One text line as tesseract reported it, before it becomes a record.
struct RecognizedLine: Equatable {
    /// The line's text as tesseract wrote it (ends in a newline, may hold runs of spaces).
    var text: String
    /// Pixel edges in the image: left and top inclusive, right and bottom exclusive.
    var left: Int
    var top: Int
    var right: Int
    var bottom: Int
    /// tesseract's confidence in each word of the line, 0...100.
    var wordConfidences: [Float]
}

extension RecognizedLine {
    /// The line's box, read in a picture enlarged from a region of a larger one, in that
    /// larger one: scaled by `factor`, then moved by the region's corner.
    func scaled(by factor: Double, shiftedBy offset: (x: Int, y: Int)) -> RecognizedLine {
        func scale(_ value: Int) -> Int { Int((Double(value) * factor).rounded()) }
        var line = self
        (line.left, line.right) = (scale(left) + offset.x, scale(right) + offset.x)
        (line.top, line.bottom) = (scale(top) + offset.y, scale(bottom) + offset.y)
        return line
    }
}
