import SenseBridgeCore

/// A recognized line as the host receives it: a `.text` record whose label is the line,
/// whose box is normalized to the image, and whose confidence is tesseract's own.
enum TextLineRecord {
    /// nil for a line that carries nothing to read (`LineText.label`).
    static func record(_ line: RecognizedLine, imageWidth: Int, imageHeight: Int) -> PerceptionRecord? {
        guard let label = LineText.label(line.text), imageWidth > 0, imageHeight > 0 else { return nil }
        return PerceptionRecord(kind: .text, label: label, confidence: confidence(line),
                                box: box(line, imageWidth: imageWidth, imageHeight: imageHeight))
    }

    /// The mean of the line's word confidences, 0...1. The mean, not the weakest word:
    /// the host hedges a whole block by its weakest line already (ReadingOrder), and one
    /// smudged word should not make a clear line sound doubtful.
    static func confidence(_ line: RecognizedLine) -> Double {
        guard !line.wordConfidences.isEmpty else { return 0 }
        let mean = line.wordConfidences.reduce(0.0) { $0 + Double($1) } / Double(line.wordConfidences.count)
        return min(1, max(0, mean / 100))
    }

    /// Pixel edges to 0...1 with the origin top-left, clamped to the image.
    static func box(_ line: RecognizedLine, imageWidth: Int, imageHeight: Int) -> NormalizedBox {
        func clamp(_ value: Int, _ limit: Int) -> Double { Double(min(max(value, 0), limit)) }
        let left = clamp(line.left, imageWidth), right = clamp(line.right, imageWidth)
        let top = clamp(line.top, imageHeight), bottom = clamp(line.bottom, imageHeight)
        let width = Double(imageWidth), height = Double(imageHeight)
        return NormalizedBox(x: left / width, y: top / height,
                             width: max(0, right - left) / width, height: max(0, bottom - top) / height)
    }
}
