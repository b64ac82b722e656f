/// Splits lines into runs a reader takes top to bottom: whole columns, left before right,
/// and full-width pieces (a heading over two columns) where they sit.
///
/// A recursive cut, in this order:
/// 1. a **gutter** (a vertical strip no line crosses, at least a text height wide)
///    splits the lines into a left and a right part, each ordered on its own, so the
///    left column is read to its end before the right one starts;
/// 2. otherwise the lines fall into horizontal **slices** (bands separated by a gap no
///    line covers), and consecutive slices are grouped while they still share a gutter,
///    so the rows of a two-column body stay one group however their lines happen to
///    align, and a heading that crosses the gutter closes the group before it;
/// 3. a group with no gutter is one column, read top to bottom.
///
/// Reading row by row across two columns is the failure this exists to prevent: every
/// sentence would be spliced with one from the other column, and nothing a listener
/// hears would say so.
enum ReadingColumns {
    static func runs(_ lines: [ReadingLine], aspectRatio: Double) -> [[ReadingLine]] {
        guard lines.count > 1 else { return lines.isEmpty ? [] : [lines] }
        if let split = gutter(lines, aspectRatio: aspectRatio) {
            let left = lines.filter { $0.maxX <= split }
            let right = lines.filter { $0.maxX > split }
            return runs(left, aspectRatio: aspectRatio) + runs(right, aspectRatio: aspectRatio)
        }
        var groups: [[ReadingLine]] = []
        for slice in slices(lines) {
            if let last = groups.last, belongTogether(last, slice, aspectRatio: aspectRatio) {
                groups[groups.count - 1] += slice
            } else {
                groups.append(slice)
            }
        }
        // One group holding every line had no gutter as a whole: a single column.
        guard groups.count > 1 else { return [topToBottom(lines)] }
        return groups.flatMap { runs($0, aspectRatio: aspectRatio) }
    }

    /// Slices continue a group when together they still have a gutter (more rows of the
    /// same columns, or a short last line in one of them), or when neither has one (more
    /// lines of one column).
    private static func belongTogether(_ group: [ReadingLine], _ slice: [ReadingLine], aspectRatio: Double) -> Bool {
        if gutter(group + slice, aspectRatio: aspectRatio) != nil { return true }
        return gutter(group, aspectRatio: aspectRatio) == nil && gutter(slice, aspectRatio: aspectRatio) == nil
    }

    /// The middle of the widest vertical strip that no line crosses, when it is at least
    /// `ReadingLine.maximumWordGap` text heights wide: the gap that already keeps two
    /// words out of one line keeps two lines out of one column.
    static func gutter(_ lines: [ReadingLine], aspectRatio: Double) -> Double? {
        guard lines.count > 1 else { return nil }
        let heights = lines.map(\.height).sorted()
        let minimumWidth = ReadingLine.maximumWordGap * heights[(heights.count - 1) / 2]
        let spans = lines.map { ($0.minX, $0.maxX) }.sorted { $0.0 < $1.0 }
        var coveredTo = spans[0].1
        var widest: (width: Double, middle: Double)?
        for span in spans.dropFirst() {
            let width = (span.0 - coveredTo) * aspectRatio
            if width >= minimumWidth, width > widest?.width ?? 0 {
                widest = (width, (span.0 + coveredTo) / 2)
            }
            coveredTo = max(coveredTo, span.1)
        }
        return widest?.middle
    }

    /// Lines grouped into bands separated by a vertical gap no line covers, top first.
    private static func slices(_ lines: [ReadingLine]) -> [[ReadingLine]] {
        var slices: [[ReadingLine]] = []
        var bottom = -Double.infinity
        for line in lines.sorted(by: { ($0.minY, $0.minX) < ($1.minY, $1.minX) }) {
            if line.minY > bottom || slices.isEmpty {
                slices.append([line])
            } else {
                slices[slices.count - 1].append(line)
            }
            bottom = max(bottom, line.maxY)
        }
        return slices
    }

    /// One column's lines in reading order: by their first word, then left to right.
    static func topToBottom(_ lines: [ReadingLine]) -> [ReadingLine] {
        lines.sorted { ($0.anchor.minY, $0.minX) < ($1.anchor.minY, $1.minX) }
    }
}
