import CTesseract

/// How much to enlarge an image whose print is too small for tesseract.
///
/// tesseract's LSTM reads a line scaled to a fixed height, and reads best when the
/// lowercase letters are some 20–30 pixels tall; a page photographed from arm's length or
/// a label in small print gives letters of ten pixels or fewer, which it reads with more
/// characters wrong or not at all. Enlarging the image (leptonica's interpolating scale)
/// before it is binarized gives the binarization and the line finder smooth strokes to
/// work with: the letters' shapes are already in the gray image, only too few pixels of
/// them.
///
/// The letter size is measured on the binarized page: the median height of the blobs
/// that could be letters. Letters without ascenders (a, c, e, m, n, o, …) are the most
/// common, so the median is close to the x-height, a little above it.
enum TextSize {
    /// The median letter height to enlarge to, in pixels: near the top of tesseract's
    /// best range (x-height 20–30); 20 and 24 read the bench's small pages no better.
    static let targetLetterHeight = 28.0
    /// Letters of at least this median height are read as they are. The bench's
    /// low-resolution pages (letters of about 7 pixels) lose 2–11 % of their characters
    /// as they are and 0–1.4 % enlarged; its JPEG pages (about 10) lose under 1 % as they
    /// are, and enlarged, their blocky edges made the Vietnamese one 6 % wrong for an
    /// English listener's reader (`make bench`, the jpeg ablation: 2.0 % enlarged against
    /// 0.2 % not): print of about ten pixels is left as it is.
    static let enoughLetterHeight = 9.0
    /// Blobs smaller than this are specks, dots and accents, not letters.
    static let minimumLetterHeight = 4
    /// Fewer letter-sized blobs than this say nothing about the print: no enlarging.
    static let minimumLetters = 12
    /// The share of letter-like blobs that must lie on the page for the print to be
    /// enlarged. On the bench's pages photographed at an angle on a textured table, more
    /// than a fifth lie on the table, and enlarging them made 2.5–4 % more of the Spanish
    /// and Vietnamese characters wrong; a page on a plain background has none off it.
    static let minimumShareOnPage = 0.8
    /// Enlarging more than this makes stroke edges of a few pixels into blurred ramps:
    /// letters under about 5 pixels hold too little to be read at any scale.
    static let maximumFactor = 4.0
    /// The enlarged region's size cap, in pixels: a 12-megapixel photograph of small print
    /// would otherwise become 190 megapixels, seconds of work and gigabytes of memory.
    static let maximumEnlargedPixels = 16_000_000

    /// The print found on a binarized page: how tall its letters are and where they lie.
    struct Letters: Equatable {
        var medianHeight: Double
        /// Pixel edges of the region holding every letter-like blob, on the page or not (a
        /// letter on a tile the page only partly covers is still print to read), with a
        /// margin of two letter heights: left and top inclusive, right and bottom exclusive.
        var left: Int, top: Int, right: Int, bottom: Int
        var width: Int { right - left }
        var height: Int { bottom - top }
    }

    /// The factor to enlarge a region of `width`×`height` by (1 for none), from its
    /// median letter height in pixels.
    static func factor(medianLetterHeight: Double, width: Int, height: Int) -> Double {
        guard medianLetterHeight > 0, medianLetterHeight < enoughLetterHeight else { return 1 }
        var factor = min(maximumFactor, targetLetterHeight / medianLetterHeight)
        let pixels = Double(width) * Double(height)
        if pixels * factor * factor > Double(maximumEnlargedPixels) {
            factor = (Double(maximumEnlargedPixels) / pixels).squareRoot()
        }
        factor = min(factor, Double(TesseractEngine.maximumSide) / Double(max(width, height, 1)))
        // Less than a tenth more is not worth a second binarization.
        return factor >= 1.1 ? factor : 1
    }

    /// The resolution, in pixels per inch, that print of this median letter height has
    /// when it is 10-point type, as most print people read is: an x-height of about 0.07
    /// inch. tesseract cannot know it from an image without metadata, and sizes its
    /// Sauvola neighbourhood and its layout analysis from it.
    static func resolution(medianLetterHeight: Double) -> Int32 {
        Int32(min(1200, max(70, (medianLetterHeight / 0.07).rounded())))
    }

    /// The letter-like blobs of `binary` (1 bit per pixel, black print), measured on those
    /// that lie on the page (`onPage`, in `binary`'s pixels; a table's grain binarizes into
    /// blobs of every size); nil when there are too few of them to tell.
    static func letters(_ binary: UnsafeMutablePointer<Pix>, onPage: (Int, Int) -> Bool) -> Letters? {
        var boxes: UnsafeMutablePointer<Boxa>? = pixConnCompBB(binary, 8)
        defer { boxaDestroy(&boxes) }
        guard let boxes else { return nil }
        let imageWidth = Int(pixGetWidth(binary)), imageHeight = Int(pixGetHeight(binary))
        let tallest = imageHeight / 4
        var heights: [Int] = []
        var all = 0
        var left = Int.max, top = Int.max, right = 0, bottom = 0
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0 else { continue }
            // A letter is about as tall as it is wide, give or take a factor of three
            // ("l", "m"); a rule, a border or a shadow is not.
            let width = Int(w), height = Int(h)
            guard height >= minimumLetterHeight, height <= tallest, width * 3 >= height, width <= height * 3 else { continue }
            all += 1
            left = min(left, Int(x)); top = min(top, Int(y))
            right = max(right, Int(x) + width); bottom = max(bottom, Int(y) + height)
            if onPage(Int(x) + width / 2, Int(y) + height / 2) { heights.append(height) }
        }
        // Where many letter-like blobs lie off the page, the page lies among clutter (a
        // table's grain): enlarging would enlarge the clutter into more "text" than the
        // page holds.
        guard heights.count >= minimumLetters, Double(heights.count) >= minimumShareOnPage * Double(all) else { return nil }
        heights.sort()
        let median = heights[heights.count / 2]
        let margin = 2 * median
        return Letters(medianHeight: Double(median), left: max(0, left - margin), top: max(0, top - margin),
                       right: min(imageWidth, right + margin), bottom: min(imageHeight, bottom + margin))
    }
}
