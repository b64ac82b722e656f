import Foundation
import SenseBridgeCore

/// A page as a camera sees it: a shipped page on white paper, laid in perspective on a
/// darker, grained surface (a table) in a frame of its own, corners where the test puts
/// them, any of them outside the frame. Deterministic: the grain is a function of the
/// pixel's position.
enum PhotographedPage {
    /// White paper around the printed text, as a real page has.
    static let paperMargin = 70

    /// `page` (gray) with its paper margin, mapped onto `corners` (its top-left, top-right,
    /// bottom-right and bottom-left in the frame's pixels) of a `width` x `height` frame.
    static func compose(_ page: ImageFrame, corners: [(x: Double, y: Double)], width: Int, height: Int) -> ImageFrame {
        precondition(page.format == .gray8 && corners.count == 4, "compose takes a gray page and four corners")
        let paper = padded(page)
        let toFrame = homography(corners)
        let toPage = adjugate(toFrame)
        let pageRight = Double(paper.width - 1), pageBottom = Double(paper.height - 1)
        var pixels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let X = Double(x), Y = Double(y)
                let w = toPage[6] * X + toPage[7] * Y + toPage[8]
                let u = (toPage[0] * X + toPage[1] * Y + toPage[2]) / w
                let v = (toPage[3] * X + toPage[4] * Y + toPage[5]) / w
                if u >= 0, u <= 1, v >= 0, v <= 1 {
                    pixels[y * width + x] = bilinear(paper, u * pageRight, v * pageBottom)
                } else {
                    pixels[y * width + x] = grain(x, y)
                }
            }
        }
        return ImageFrame(format: .gray8, width: width, height: height, pixels: pixels)
    }

    /// Wood-like grain around gray 80: bands, waves and a speckle, dark enough for paper
    /// to stand out and uneven enough that no single threshold makes it flat.
    static func grain(_ x: Int, _ y: Int) -> UInt8 {
        let wave = 22 * sin(Double(x) * 0.045 + 3 * sin(Double(y) * 0.011))
        var hash = UInt32(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663)
        hash = (hash ^ (hash >> 13)) &* 1_274_126_177
        let speckle = Double(hash % 41) - 20
        return UInt8(max(0, min(255, 80 + wave + speckle)))
    }

    static func padded(_ page: ImageFrame) -> ImageFrame {
        let width = page.width + 2 * paperMargin, height = page.height + 2 * paperMargin
        var pixels = [UInt8](repeating: 255, count: width * height)
        for row in 0..<page.height {
            let from = row * page.width, to = (row + paperMargin) * width + paperMargin
            pixels.replaceSubrange(to..<(to + page.width), with: page.pixels[from..<(from + page.width)])
        }
        return ImageFrame(format: .gray8, width: width, height: height, pixels: pixels)
    }

    static func bilinear(_ image: ImageFrame, _ x: Double, _ y: Double) -> UInt8 {
        let x0 = Int(x), y0 = Int(y)
        let x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
        let fx = x - Double(x0), fy = y - Double(y0)
        func at(_ x: Int, _ y: Int) -> Double { Double(image.pixels[y * image.width + x]) }
        let top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx
        let bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx
        return UInt8((top * (1 - fy) + bottom * fy).rounded())
    }

    /// The 3×3 matrix (row-major) taking the unit square's (0,0), (1,0), (1,1), (0,1) to
    /// `corners` (Heckbert, "Fundamentals of Texture Mapping", 1989).
    static func homography(_ corners: [(x: Double, y: Double)]) -> [Double] {
        let (x0, y0) = corners[0], (x1, y1) = corners[1], (x2, y2) = corners[2], (x3, y3) = corners[3]
        let dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3
        let dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3
        let det = dx1 * dy2 - dx2 * dy1
        let g = (dx3 * dy2 - dx2 * dy3) / det, h = (dx1 * dy3 - dx3 * dy1) / det
        return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0,
                y1 - y0 + g * y1, y3 - y0 + h * y3, y0,
                g, h, 1]
    }

    /// The adjugate: the inverse up to a scale, which the division by w cancels.
    static func adjugate(_ m: [Double]) -> [Double] {
        [m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
         m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
         m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3]]
    }
}

extension PhotographedPage {
    /// Where a page of `width` x `height` pixels lies on the table, seen from beyond its
    /// bottom edge and turned a few degrees, in a 1600x1200 frame: its bottom edge 1400
    /// pixels wide, its top edge half that (the text there at about three fifths of its
    /// printed height), its height foreshortened by a fifth. Top-left, top-right,
    /// bottom-right, bottom-left.
    static func inPerspective(width: Int, height: Int) -> [(x: Double, y: Double)] {
        let bottom = 1400.0, top = 0.5 * bottom
        let tall = Double(height) * bottom / Double(width) * 0.8
        let flat = [(-top / 2, -tall / 2), (top / 2, -tall / 2), (bottom / 2, tall / 2), (-bottom / 2, tall / 2)]
        let turn = -7 * Double.pi / 180
        return flat.map { (x: 800 + $0.0 * cos(turn) - $0.1 * sin(turn), y: 600 + $0.0 * sin(turn) + $0.1 * cos(turn)) }
    }

    /// The shipped page of `locale` on the table (`inPerspective`), moved by `dx`, `dy`
    /// (far enough, and one of its edges leaves the frame).
    static func onTable(_ locale: String, dx: Double = 0, dy: Double = 0) throws -> SamplePage {
        let page = try SamplePage.shipped(locale)
        let corners = inPerspective(width: page.image.width + 2 * paperMargin, height: page.image.height + 2 * paperMargin)
            .map { (x: $0.x + dx, y: $0.y + dy) }
        return SamplePage(name: "\(page.name) on a table (\(Int(dx)), \(Int(dy)))",
                          image: compose(page.image, corners: corners, width: 1600, height: 1200), groundTruth: page.groundTruth)
    }
}

/// A page whose paper a dark band splits: a label with a header bar across its full
/// width, the text of its heading above the bar.
struct BandedPage {
    /// A 1280x720 frame of the table, the page upright in it.
    var frame: ImageFrame
    /// What is printed above the bar.
    var heading: String
    /// The frame's row where the page starts, above its heading.
    var pageTop: Int

    /// A 500x640 page at (390, 38) with a 50-pixel bar of gray 40 across it from frame row
    /// 150: the shipped English page's heading above the bar, at its printed size, and its
    /// body below, at five eighths of it.
    static func composed() throws -> BandedPage {
        let page = try SamplePage.shipped("en").image
        let width = 1280, height = 720, left = 390, top = 38, pageWidth = 500, pageHeight = 640, bar = 150..<200
        var pixels = (0..<(width * height)).map { PhotographedPage.grain($0 % width, $0 / width) }
        for y in top..<(top + pageHeight) {
            for x in left..<(left + pageWidth) { pixels[y * width + x] = bar.contains(y) ? 40 : 255 }
        }
        /// The page's pixels from `x`, `y` (`columns` x `rows` of them) at `scale`, their top-left at `at`.
        func place(x: Int, y: Int, columns: Int, rows: Int, scale: Double, at: (x: Int, y: Int)) {
            for row in 0..<Int(Double(rows) * scale) {
                for column in 0..<Int(Double(columns) * scale) {
                    pixels[(at.y + row) * width + at.x + column] =
                        PhotographedPage.bilinear(page, Double(x) + Double(column) / scale, Double(y) + Double(row) / scale)
                }
            }
        }
        // The heading ("Notes from the Clinic", rows 75-112 of the page, 476 pixels wide).
        place(x: 62, y: 60, columns: 492, rows: 70, scale: 1, at: (x: left + 4, y: top + 30))
        // The two paragraphs.
        place(x: 62, y: 160, columns: 744, rows: 370, scale: 0.625, at: (x: left + 18, y: bar.upperBound + 40))
        return BandedPage(frame: ImageFrame(format: .gray8, width: width, height: height, pixels: pixels),
                          heading: "Notes from the Clinic", pageTop: top)
    }
}
