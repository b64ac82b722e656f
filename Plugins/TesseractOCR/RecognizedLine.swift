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
    /// The line's box in a picture `factor` times the size of the one it was read in.
    func scaled(by factor: Double) -> RecognizedLine {
        func scale(_ value: Int) -> Int { Int((Double(value) * factor).rounded()) }
        var line = self
        (line.left, line.top, line.right, line.bottom) = (scale(left), scale(top), scale(right), scale(bottom))
        return line
    }
}
