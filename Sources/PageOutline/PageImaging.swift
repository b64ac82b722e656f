import COpenCVPage
import SenseBridgeCore

/// What OpenCV does for the page (Sources/COpenCVPage): measure the light region's
/// outline, and warp a quadrilateral of the frame flat.
public enum PageImaging {
    /// The outline is measured on a copy this long at most: a few milliseconds on any
    /// frame, and corners to within a few of its pixels (`PageFinding.borderMargin`).
    public static let analysisSide: Int32 = 640

    /// OpenCV's own message, about sizes and types, never about the image's content.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func measure(_ image: ImageFrame) throws -> MeasuredOutline {
        var outline = sb_page_outline()
        var message = [CChar](repeating: 0, count: 512)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            sb_page_find_outline(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.format.bytesPerPixel),
                                 image.bytesPerRow, analysisSide, &outline, &message, message.count)
        }
        guard status == 0 else { throw Failure(description: "finding the page's outline: \(String(cString: message))") }
        // An outline of more vertices than the shim writes is no page's: as good as none.
        func points<Tuple>(_ tuple: Tuple, count: Int32, capacity: Int32) -> [PagePoint] {
            let count = count <= capacity ? Int(count) : 0
            return withUnsafeBytes(of: tuple) { raw in
                Array(raw.bindMemory(to: sb_page_point.self).prefix(count)).map { PagePoint(x: Double($0.x), y: Double($0.y)) }
            }
        }
        return MeasuredOutline(corners: points(outline.corners, count: outline.corner_count, capacity: Int32(SB_PAGE_CORNERS_MAX_POINTS)),
                               outline: points(outline.points, count: outline.point_count, capacity: Int32(SB_PAGE_OUTLINE_MAX_POINTS)),
                               areaFraction: Double(outline.area_fraction), insideMean: Double(outline.inside_mean),
                               outsideMean: Double(outline.outside_mean), outsideDarkFraction: Double(outline.outside_dark_fraction),
                               nearLightFraction: Double(outline.near_light_fraction))
    }

    /// The page inside `quad` flattened to `quad.flattenedSize`, in the image's format,
    /// its light evened out as a scanner's would be.
    ///
    /// Why evened: tesseract binarizes with one threshold for the whole image (Otsu's). In
    /// the photograph that threshold falls between the table and the paper, so all of the
    /// paper is white even where the light falls off; on the page alone it falls between
    /// the paper's bright and dim sides, and the dim side's text goes black (the reading
    /// bench's page in perspective, lit from one side: 53 % of its characters wrong
    /// flattened as it was, 0 % evened, 2.2 % as photographed).
    public static func flatten(_ image: ImageFrame, _ quad: PageQuad, maximumSide: Int) throws -> ImageFrame {
        let size = quad.flattenedSize(maximumSide: maximumSide)
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * image.format.bytesPerPixel)
        var message = [CChar](repeating: 0, count: 512)
        let corners = quad.corners.map { sb_page_point(x: Float($0.x), y: Float($0.y)) }
        let status = image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { page in
                sb_page_warp(source.baseAddress, Int32(image.width), Int32(image.height), Int32(image.format.bytesPerPixel),
                             image.bytesPerRow, corners, page.baseAddress, Int32(size.width), Int32(size.height),
                             &message, message.count)
            }
        }
        guard status == 0 else { throw Failure(description: "flattening the page: \(String(cString: message))") }
        let evened = pixels.withUnsafeMutableBufferPointer { page in
            sb_page_even_light(page.baseAddress, Int32(size.width), Int32(size.height), Int32(image.format.bytesPerPixel),
                               &message, message.count)
        }
        guard evened == 0 else { throw Failure(description: "evening out the light on the page: \(String(cString: message))") }
        return ImageFrame(format: image.format, width: size.width, height: size.height, pixels: pixels)
    }
}
