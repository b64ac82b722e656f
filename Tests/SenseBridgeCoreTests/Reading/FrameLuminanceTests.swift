import SenseBridgeCore
import Testing

@Suite struct FrameLuminanceTests {
    /// A frame whose row padding is bright white: a measurement that strayed into the
    /// padding would call a dark frame adequate, and these tests would fail.
    static func frame(width: Int, height: Int, padding: Int = 0, format: PixelFormat,
                      pixel: (Int, Int) -> [UInt8]) -> (bytes: [UInt8], stride: Int) {
        let stride = width * format.bytesPerPixel + padding
        var bytes = [UInt8](repeating: 255, count: stride * height)
        for y in 0..<height {
            for x in 0..<width {
                for (channel, value) in pixel(x, y).enumerated() { bytes[y * stride + x * format.bytesPerPixel + channel] = value }
            }
        }
        return (bytes, stride)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var format: PixelFormat
        var width = 160
        var height = 120
        var padding = 0
        var pixel: @Sendable (Int, Int) -> [UInt8]
        var expected: FrameLuminance
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "a dark gray frame is dim", format: .gray8, pixel: { _, _ in [20] }, expected: .dim),
        Row(name: "a lit gray frame is adequate", format: .gray8, pixel: { _, _ in [120] }, expected: .adequate),
        Row(name: "row padding is never read", format: .gray8, padding: 13, pixel: { _, _ in [30] }, expected: .dim),
        Row(name: "a dark RGB frame with padded rows is dim", format: .rgb24, padding: 7, pixel: { _, _ in [10, 20, 5] }, expected: .dim),
        Row(name: "a lit RGB frame is adequate", format: .rgb24, pixel: { _, _ in [200, 180, 160] }, expected: .adequate),
        // Luma weighs green far above blue: the same byte value is bright in one, dark in the other.
        Row(name: "pure blue is dim", format: .rgb24, pixel: { _, _ in [0, 0, 255] }, expected: .dim),
        Row(name: "pure green is adequate", format: .rgb24, pixel: { _, _ in [0, 255, 0] }, expected: .adequate),
        // One row in ten is white strokes: the mean is 35, under the dim line, and yet
        // the text is plain to read. At the grid's own size every pixel is a sample.
        Row(name: "white text on a dark screen is readable, not dark", format: .gray8, width: 64, height: 48,
            pixel: { _, y in [y % 10 == 5 ? 250 : 10] }, expected: .adequate),
        Row(name: "the same screen without its text is dim", format: .gray8, width: 64, height: 48,
            pixel: { _, _ in [35] }, expected: .dim),
        Row(name: "a few bright specks in the dark stay dim", format: .gray8, width: 200, height: 200,
            pixel: { x, y in [x == 100 && y == 100 ? 255 : 5] }, expected: .dim),
        Row(name: "a one-pixel frame is measured", format: .gray8, width: 1, height: 1, pixel: { _, _ in [90] }, expected: .adequate),
        Row(name: "a full HD frame is measured on a grid", format: .rgb24, width: 1920, height: 1080, padding: 64,
            pixel: { _, _ in [12, 12, 12] }, expected: .dim),
    ]

    @Test(arguments: rows)
    func measure(row: Row) {
        let frame = Self.frame(width: row.width, height: row.height, padding: row.padding, format: row.format, pixel: row.pixel)
        #expect(FrameLuminance.measure(frame.bytes, width: row.width, height: row.height, stride: frame.stride,
                                       format: row.format) == row.expected)
        let viaPointer = frame.bytes.withUnsafeBytes {
            FrameLuminance.measure($0, width: row.width, height: row.height, stride: frame.stride, format: row.format)
        }
        #expect(viaPointer == row.expected)
    }

    /// The last row needs no padding after it; one byte short of its pixels is malformed.
    @Test func theLastRowNeedsItsPixelsButNotItsPadding() {
        let frame = Self.frame(width: 4, height: 3, padding: 4, format: .rgb24) { _, _ in [5, 5, 5] }
        let exact = Array(frame.bytes.dropLast(4))
        #expect(FrameLuminance.measure(exact, width: 4, height: 3, stride: frame.stride, format: .rgb24) == .dim)
        #expect(FrameLuminance.measure(Array(exact.dropLast()), width: 4, height: 3, stride: frame.stride, format: .rgb24) == .unmeasured)
    }

    /// A malformed frame is unmeasured, never dark (Invariant 2).
    @Test(arguments: [
        (width: 0, height: 10, stride: 10, count: 100),
        (width: 10, height: 0, stride: 10, count: 100),
        (width: -4, height: 10, stride: 10, count: 100),
        (width: 10, height: 10, stride: 9, count: 100),
        (width: 10, height: 10, stride: 10, count: 99),
        (width: 10, height: 10, stride: 10, count: 0),
        (width: Int.max, height: 2, stride: Int.max, count: 100),
        (width: 10, height: Int.max, stride: 10, count: 100),
    ])
    func malformedFramesAreUnmeasured(layout: (width: Int, height: Int, stride: Int, count: Int)) {
        let dark = [UInt8](repeating: 0, count: layout.count)
        #expect(FrameLuminance.measure(dark, width: layout.width, height: layout.height, stride: layout.stride, format: .gray8)
            == .unmeasured)
    }
}

@Suite struct DarknessTrackerTests {
    static let table: [(name: String, frames: [FrameLuminance], said: [Bool])] = [
        ("said on the third dim frame in a row, and once",
         [.dim, .dim, .dim, .dim, .dim], [false, false, true, false, false]),
        ("an adequate frame breaks the run",
         [.dim, .dim, .adequate, .dim, .dim, .dim], [false, false, false, false, false, true]),
        ("an unmeasured frame neither counts nor breaks the run",
         [.dim, .unmeasured, .dim, .unmeasured, .dim], [false, false, false, false, true]),
        ("light coming back re-arms it",
         [.dim, .dim, .dim, .adequate, .dim, .dim, .dim], [false, false, true, false, false, false, true]),
        ("an unmeasured frame does not re-arm it",
         [.dim, .dim, .dim, .unmeasured, .dim, .dim, .dim], [false, false, true, false, false, false, false]),
        ("unmeasured frames alone are never dark",
         [.unmeasured, .unmeasured, .unmeasured, .unmeasured], [false, false, false, false]),
    ]

    @Test(arguments: table.indices)
    func rules(index: Int) {
        let row = Self.table[index]
        var tracker = DarknessTracker()
        #expect(row.frames.map { tracker.feed($0) } == row.said, "\(row.name)")
    }

    @Test(arguments: SpokenLocale.allCases)
    func theSentenceComesFromTheTable(locale: SpokenLocale) {
        #expect(Phrasing.reading(.tooDark, locale: locale) == SpokenTable.forLocale(locale).tooDarkToRead.text)
        #expect(Phrasing.reading(.endOfText, locale: locale) == SpokenTable.forLocale(locale).readingEnded.text)
    }
}
