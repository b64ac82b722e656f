import SenseBridgeCore

/// Where in a picture the page is and how evenly it is lit, from a coarse grid of tiles.
///
/// The brightest pixels of a tile holding print or nothing are its paper, and on an
/// evenly lit page that paper is about as bright everywhere. A lamp to one side or a
/// hand's shadow makes it fall off across the page; print does not, because it covers
/// only a small share of any tile. A tile whose pixels spread widely below their
/// brightest is no plain paper (a table's grain, a photograph). The page is the plain
/// tiles reached from the brightest one without crossing a step in brightness sharper
/// than light makes (`edgeStep`): a page on a table ends where the table begins, however
/// the table is lit or patterned.
///
/// Pure and cheap: a sparse sample of the pixels (some forty thousand per image, whatever
/// its size), so a camera frame pays about a millisecond for it.
struct PageLight {
    /// Tiles across and down.
    static let tiles = 8
    /// Pixels sampled per tile on each axis.
    static let samplesPerTileSide = 24
    /// The share of a tile's samples darker than its paper: print covers far less of a
    /// page than this, so the value found is paper even in a dense paragraph.
    static let paperQuantile = 0.9
    /// A tile whose median sample is more than this many gray levels below its paper is
    /// not plain paper with print on it (where most samples are paper, so the median is
    /// paper too) but texture: grain, a pattern, a picture. Sensor noise and the light
    /// falling off within one tile move the median by 10–20 levels.
    static let plainSpread = 30
    /// Neighbouring tiles whose paper differs by more than this many gray levels meet at
    /// a page's edge (the page against a table), not in light that falls off: on the
    /// generated pages, light from one side and a shadow change the paper by at most 40
    /// from tile to tile, a page's edge by 80 and more.
    static let edgeStep = 60.0
    /// Above this the page counts as unevenly lit (`Thresholding.auto`). The bench's page
    /// lit from one side, whose dim part Otsu loses (15–22 % of the characters wrong),
    /// measures about two thirds; a clean page 0. Of the bench's pages only those lit
    /// unevenly are binarized with Sauvola's method.
    static let unevenAbove = 0.2
    /// The share of tiles the page must cover for its light to choose the binarization.
    /// Where it covers less, the picture holds more than the page (a table, a
    /// photograph), whose texture Sauvola's method turns into letter-like specks that
    /// tesseract reads as text: on the bench's pages photographed at an angle on a
    /// textured table it made 8.5 and 3.8 % of the English and Spanish characters wrong
    /// where Otsu made 2.2 and 2.6 (Vietnamese: 11.5 against 15.5). Such
    /// a page is the page-outline step's to flatten first, after which only paper is left.
    static let mostlyPage = 0.75

    let columns: Int
    let rows: Int
    let width: Int
    let height: Int
    /// Row-major per tile: its paper's brightness 0...255, nil for a tile that is not plain paper.
    let paper: [Double?]
    /// Row-major per tile: whether it is part of the page.
    let page: [Bool]

    init(_ image: ImageFrame) {
        width = image.width
        height = image.height
        let columns = min(Self.tiles, image.width), rows = min(Self.tiles, image.height)
        self.columns = columns
        self.rows = rows
        var paper: [Double?] = []
        paper.reserveCapacity(columns * rows)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<rows {
                for column in 0..<columns {
                    paper.append(Self.paperLevel(image, pixels, column: column, of: columns, row: row, of: rows))
                }
            }
        }
        self.paper = paper
        page = Self.page(paper, columns: columns, rows: rows)
    }

    /// 0 for paper equally bright all over, towards 1 for a page whose dimmest paper is
    /// black: how far the dim tenth of the page's paper falls below the bright tenth, as a
    /// share of the bright. The tenths, not the extremes, so one shadowed corner does not
    /// make a whole page "uneven".
    var unevenness: Double {
        let levels = paper.indices.filter { page[$0] }.compactMap { paper[$0] }.sorted()
        guard levels.count >= 2 else { return 0 }
        let dim = levels[levels.count / 10], bright = levels[(levels.count - 1) - levels.count / 10]
        guard bright > 0 else { return 0 }
        return max(0, (bright - dim) / bright)
    }

    /// Whether the light on the page is uneven enough, over enough of the picture, for
    /// Sauvola's method (`mostlyPage`).
    var isUneven: Bool {
        Double(page.filter { $0 }.count) >= Self.mostlyPage * Double(page.count) && unevenness > Self.unevenAbove
    }

    /// Whether the point (in the image's pixels) lies on the page.
    func isPage(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height, columns > 0, rows > 0 else { return false }
        return page[(y * rows / height) * columns + x * columns / width]
    }

    /// The plain tiles reached from the brightest without crossing a step of `edgeStep`.
    private static func page(_ paper: [Double?], columns: Int, rows: Int) -> [Bool] {
        var page = [Bool](repeating: false, count: paper.count)
        let plain = paper.indices.filter { paper[$0] != nil }
        guard let brightest = plain.max(by: { paper[$0]! < paper[$1]! }) else { return page }
        var pending = [brightest]
        page[brightest] = true
        while let tile = pending.popLast() {
            let (row, column) = (tile / columns, tile % columns)
            for (r, c) in [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
            where r >= 0 && r < rows && c >= 0 && c < columns {
                let next = r * columns + c
                guard !page[next], let level = paper[next], abs(level - paper[tile]!) <= edgeStep else { continue }
                page[next] = true
                pending.append(next)
            }
        }
        return page
    }

    /// One tile's paper brightness, or nil when the tile is not plain paper.
    private static func paperLevel(_ image: ImageFrame, _ pixels: UnsafeBufferPointer<UInt8>,
                                   column: Int, of columns: Int, row: Int, of rows: Int) -> Double? {
        let left = image.width * column / columns, right = image.width * (column + 1) / columns
        let top = image.height * row / rows, bottom = image.height * (row + 1) / rows
        let stepX = max(1, (right - left) / samplesPerTileSide), stepY = max(1, (bottom - top) / samplesPerTileSide)
        var histogram = [Int](repeating: 0, count: 256)
        var count = 0
        let bytes = image.format.bytesPerPixel
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
        let median = quantile(histogram, count: count, 0.5), paper = quantile(histogram, count: count, paperQuantile)
        return paper - median > plainSpread ? nil : Double(paper)
    }

    private static func quantile(_ histogram: [Int], count: Int, _ share: Double) -> Int {
        let wanted = Int(Double(count) * share)
        var seen = 0
        for level in 0..<256 {
            seen += histogram[level]
            if seen > wanted { return level }
        }
        return 255
    }
}
