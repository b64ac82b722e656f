import SenseBridgeCore

/// How unevenly a page is lit, measured from its paper: the brightest pixels of each tile
/// of the image are paper (or whatever lies around it), and on an evenly lit page they are
/// about as bright everywhere. A lamp to one side or a hand's shadow makes them fall off
/// across the page; print does not, because it covers only a small share of any tile.
///
/// Pure and cheap: a sparse sample of the pixels (a few thousand per image, whatever
/// its size), so a camera frame pays well under a millisecond for it.
enum LightEvenness {
    /// Tiles across and down.
    static let tiles = 8
    /// Pixels sampled per tile on each axis.
    static let samplesPerTileSide = 24
    /// The share of a tile's samples darker than its paper: print covers far less of a
    /// page than this, so the value found is paper even in a dense paragraph.
    static let paperQuantile = 0.9
    /// Above this the page counts as unevenly lit (`Thresholding.auto`). Measured on the
    /// generated pages: evenly lit pages, faint or not, blurred or not, measure 0.00–0.04;
    /// a page lit from one side that Otsu loses part of measures 0.3 and more.
    static let unevenAbove = 0.2

    /// 0 for paper equally bright all over, towards 1 for a page whose dimmest paper is
    /// black: how far the dim tenth of the tiles' paper falls below the bright tenth,
    /// as a share of the bright. The tenths, not the extremes, so one tile of a dark table
    /// at the page's corner does not make a whole page "uneven".
    static func unevenness(_ image: ImageFrame) -> Double {
        let columns = min(tiles, image.width), rows = min(tiles, image.height)
        guard columns > 0, rows > 0 else { return 0 }
        var paper: [Double] = []
        paper.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                paper.append(paperLevel(image, column: column, of: columns, row: row, of: rows))
            }
        }
        paper.sort()
        let dim = paper[paper.count / 10], bright = paper[(paper.count - 1) - paper.count / 10]
        guard bright > 0 else { return 0 }
        return max(0, (bright - dim) / bright)
    }

    /// The paper's brightness in one tile, 0...255: the `paperQuantile` of its samples.
    private static func paperLevel(_ image: ImageFrame, column: Int, of columns: Int, row: Int, of rows: Int) -> Double {
        let left = image.width * column / columns, right = image.width * (column + 1) / columns
        let top = image.height * row / rows, bottom = image.height * (row + 1) / rows
        let stepX = max(1, (right - left) / samplesPerTileSide), stepY = max(1, (bottom - top) / samplesPerTileSide)
        var histogram = [Int](repeating: 0, count: 256)
        var count = 0
        let bytes = image.format.bytesPerPixel
        image.pixels.withUnsafeBufferPointer { pixels in
            var y = top
            while y < bottom {
                var x = left
                while x < right {
                    let offset = (y * image.width + x) * bytes
                    // Green for an RGB image: the channel closest to the brightness people see.
                    histogram[Int(pixels[bytes == 3 ? offset + 1 : offset])] += 1
                    count += 1
                    x += stepX
                }
                y += stepY
            }
        }
        let wanted = Int(Double(count) * paperQuantile)
        var seen = 0
        for level in 0..<256 {
            seen += histogram[level]
            if seen > wanted { return Double(level) }
        }
        return 255
    }
}
