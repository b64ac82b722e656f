import CTesseract
import Foundation

/// Straightens a page photographed a few degrees off level, before tesseract reads it.
///
/// tesseract's layout analysis copes with a degree or two of skew; at five degrees it
/// loses whole paragraphs or the whole page (`make bench`: a page tilted 5° clockwise read
/// with a 42–100 % character error rate by the `tesseract` command line). A phone or a
/// camera held over a page is rarely level, so the plugin measures the skew on the
/// binarized page with leptonica's `pixFindSkew` (a sweep of ±7°) and, when it is sure of
/// it, rotates that page level and hands it to tesseract instead.
///
/// The rotated page keeps the frame's size, so line boxes stay in the frame's coordinates
/// to within the rotation (a few pixels at the edges): enough for reading order and
/// framing guidance, which work on whole lines.
enum Deskew {
    /// Below this, tesseract's own tolerance is enough and the page is left untouched.
    static let minimumDegrees: Float = 1.0
    /// leptonica's own threshold for a skew it found to be trusted.
    static let minimumConfidence: Float = 3.0

    /// A level copy of `binary` (1 bit per pixel) when it is measurably skewed; nil to
    /// leave it as it is. The caller owns the copy.
    static func levelled(_ binary: UnsafeMutablePointer<Pix>) -> UnsafeMutablePointer<Pix>? {
        var degrees: Float = 0
        var confidence: Float = 0
        guard pixFindSkew(binary, &degrees, &confidence) == 0, abs(degrees) >= minimumDegrees,
              confidence >= minimumConfidence else { return nil }
        return pixRotate(binary, degrees * .pi / 180, Int32(L_ROTATE_SAMPLING), Int32(L_BRING_IN_WHITE), 0, 0)
    }
}
