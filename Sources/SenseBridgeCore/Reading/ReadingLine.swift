/// One line of recognized text, chained from word (or line) boxes left to right.
///
/// Heights are in frame-height units and horizontal distances in frame-width units, so
/// every horizontal distance is multiplied by the frame's aspect ratio (width ÷ height)
/// before it is compared with a height.
struct ReadingLine: Sendable {
    struct Word: Sendable {
        var text: String
        var box: NormalizedBox
        var confidence: Double

        var minX: Double { box.x }
        var maxX: Double { box.x + box.width }
        var minY: Double { box.y }
        var maxY: Double { box.y + box.height }
    }

    /// Two boxes belong to one line when their vertical extents overlap by at least half
    /// the smaller height. Overlap rather than equal tops is what keeps a line rotated by
    /// a few degrees together: each word sits a little higher or lower than the one
    /// before it, but neighbours still overlap, so the line is chained word to word.
    static let minimumVerticalOverlap = 0.5

    /// A gap wider than one text height is not a space between words: it is a column
    /// gutter or a table cell. Word spaces, even in justified text, stay well under it.
    static let maximumWordGap = 1.0

    private(set) var words: [Word]

    init(first: Word) {
        words = [first]
    }

    var minX: Double { words[0].minX }
    var maxX: Double { words.map(\.maxX).max() ?? words[0].maxX }
    var minY: Double { words.map(\.minY).min() ?? words[0].minY }
    var maxY: Double { words.map(\.maxY).max() ?? words[0].maxY }

    /// The first word's vertical extent. Lines are ordered and spaced by their first
    /// word, not by their whole extent: a rotated line's extent grows with its length,
    /// while the first words of left-aligned lines stay one line pitch apart.
    var anchor: (minY: Double, maxY: Double) { (words[0].minY, words[0].maxY) }

    /// The median word height: one tall capital or a stray mark does not change it.
    var height: Double {
        let heights = words.map(\.box.height).sorted()
        return heights[(heights.count - 1) / 2]
    }

    var text: String { words.map(\.text).joined(separator: " ") }

    var lowestConfidence: Double { words.map(\.confidence).min() ?? words[0].confidence }

    /// How well `word` continues this line: the vertical overlap with the line's last
    /// word, or nil when it is on another line or across a gutter.
    func continuation(by word: Word, aspectRatio: Double) -> Double? {
        let last = words[words.count - 1]
        let overlap = min(last.maxY, word.maxY) - max(last.minY, word.minY)
        guard overlap >= Self.minimumVerticalOverlap * min(last.box.height, word.box.height) else { return nil }
        let gap = (word.minX - last.maxX) * aspectRatio
        guard gap <= Self.maximumWordGap * max(last.box.height, word.box.height) else { return nil }
        return overlap
    }

    mutating func append(_ word: Word) {
        words.append(word)
    }

    /// Words into lines: taken left to right, each joins the line it continues best, or
    /// starts a line of its own.
    static func lines(from words: [Word], aspectRatio: Double) -> [ReadingLine] {
        let sorted = words.enumerated().sorted {
            ($0.element.minX, $0.element.minY, $0.offset) < ($1.element.minX, $1.element.minY, $1.offset)
        }.map(\.element)
        var lines: [ReadingLine] = []
        for word in sorted {
            var best: (index: Int, overlap: Double)?
            for index in lines.indices {
                guard let overlap = lines[index].continuation(by: word, aspectRatio: aspectRatio) else { continue }
                if overlap > best?.overlap ?? 0 { best = (index, overlap) }
            }
            if let best {
                lines[best.index].append(word)
            } else {
                lines.append(ReadingLine(first: word))
            }
        }
        return lines
    }
}
