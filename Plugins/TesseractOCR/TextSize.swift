import CTesseract

/// How much to enlarge an image whose print is too small for tesseract.
///
/// tesseract's LSTM reads a line scaled to a fixed height, and reads best when the
/// lowercase letters are some 20–30 pixels tall; a page photographed from arm's length or
/// a label in small print gives letters of 8–12, which it reads with many characters wrong
/// or not at all. Enlarging the image (leptonica's interpolating scale) before it is
/// binarized gives the binarization and the line finder smooth strokes to work with: the
/// letters' shapes are already in the gray image, only too few pixels of them.
///
/// The letter size is measured on the binarized page: the median height of the blobs
/// that could be letters. Letters without ascenders (a, c, e, m, n, o, …) are the most
/// common, so the median is close to the x-height, a little above it.
enum TextSize {
    /// The median letter height to enlarge to: the middle of tesseract's best range.
    static let targetLetterHeight = 28.0
    /// Letters of at least this median height are read as they are: the shipped sample
    /// pages (30 px print, letters of about 21 px measured) read without an error.
    static let enoughLetterHeight = 18.0
    /// Blobs smaller than this are specks, dots and accents, not letters.
    static let minimumLetterHeight = 4
    /// Fewer letter-sized blobs than this say nothing about the print: no enlarging.
    static let minimumLetters = 12
    /// Enlarging more than this makes stroke edges of a few pixels into blurred ramps:
    /// letters under about 5 pixels hold too little to be read at any scale.
    static let maximumFactor = 4.0
    /// The enlarged image's size cap, in pixels: a 12-megapixel photograph of small print
    /// would otherwise become 190 megapixels, seconds of work and gigabytes of memory.
    static let maximumEnlargedPixels = 24_000_000

    /// The factor to enlarge by (1 for none), from the median letter height in pixels.
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

    /// The median height of the letter-like blobs of `binary` (1 bit per pixel, black
    /// print), or nil when there are too few of them to tell.
    static func medianLetterHeight(_ binary: UnsafeMutablePointer<Pix>) -> Double? {
        var boxes: UnsafeMutablePointer<Boxa>? = pixConnCompBB(binary, 8)
        defer { boxaDestroy(&boxes) }
        guard let boxes else { return nil }
        let tallest = Int(pixGetHeight(binary)) / 4
        var heights: [Int] = []
        for index in 0..<boxaGetCount(boxes) {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxes, index, &x, &y, &w, &h) == 0 else { continue }
            // A letter is about as tall as it is wide, give or take a factor of three
            // ("l", "m"); a rule, a border or a shadow is not.
            let width = Int(w), height = Int(h)
            guard height >= minimumLetterHeight, height <= tallest, width * 3 >= height, width <= height * 3 else { continue }
            heights.append(height)
        }
        guard heights.count >= minimumLetters else { return nil }
        heights.sort()
        return Double(heights[heights.count / 2])
    }
}
