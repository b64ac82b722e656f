import CTesseract

/// Walks tesseract's result after a recognition, word by word, gathering each text line
/// with its box and the confidences of its words. tesseract's result iterator goes block
/// → paragraph → line → word in its own reading order, which the lines keep: ordering
/// them for a reader (columns, blocks) is the reading core's job (ReadingOrder).
enum ResultLines {
    static func read(_ api: OpaquePointer) -> [RecognizedLine] {
        guard let words = TessBaseAPIGetIterator(api) else { return [] }  // an empty page
        defer { TessResultIteratorDelete(words) }
        let position = TessResultIteratorGetPageIteratorConst(words)
        var lines: [RecognizedLine] = []
        var current: Int?  // the line the iterator's words belong to; nil for one without text
        repeat {
            if TessPageIteratorIsAtBeginningOf(position, RIL_TEXTLINE) != 0 {
                current = nil
                if let line = startLine(words, position) {
                    lines.append(line)
                    current = lines.count - 1
                }
            }
            guard let current, let word = text(words, RIL_WORD), word.contains(where: { !$0.isWhitespace }) else { continue }
            lines[current].wordConfidences.append(TessResultIteratorConfidence(words, RIL_WORD))
        } while TessResultIteratorNext(words, RIL_WORD) != 0
        return lines
    }

    /// The line the iterator is at the start of; nil when tesseract has no text for it.
    private static func startLine(_ words: OpaquePointer, _ position: OpaquePointer?) -> RecognizedLine? {
        guard let text = text(words, RIL_TEXTLINE) else { return nil }
        var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
        guard TessPageIteratorBoundingBox(position, RIL_TEXTLINE, &left, &top, &right, &bottom) != 0 else { return nil }
        return RecognizedLine(text: text, left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom), wordConfidences: [])
    }

    /// The text at `level` where the iterator is, freed with tesseract's own deleter.
    private static func text(_ words: OpaquePointer, _ level: TessPageIteratorLevel) -> String? {
        guard let pointer = TessResultIteratorGetUTF8Text(words, level) else { return nil }
        defer { TessDeleteText(pointer) }
        return String(validatingCString: pointer)
    }
}
