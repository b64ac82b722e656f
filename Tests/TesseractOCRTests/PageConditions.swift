import CTesseract
import Foundation
import SenseBridgeCore

/// The shipped sample pages as a page held in front of a camera goes wrong: turned,
/// small, unevenly lit, compressed. Made here from the same page and ground truth, so a
/// test knows exactly what it changed.
extension SamplePage {
    /// The page turned clockwise by `quarterTurns` quarter turns, as someone holding it
    /// sideways or upside down shows it.
    func turned(_ quarterTurns: Int) -> SamplePage {
        transformed("turned \(quarterTurns * 90)° clockwise") { pixRotateOrth($0, Int32(quarterTurns)) }
    }

    /// The page scaled by `factor` (area-averaged, as a camera further away sees it).
    func scaled(_ factor: Float) -> SamplePage {
        transformed("at \(Int(factor * 100)) %") { pixScaleAreaMap($0, factor, factor) }
    }

    /// The page as a JPEG of `quality` (1...100) decoded again.
    func jpeg(quality: Int32) -> SamplePage {
        transformed("JPEG at quality \(quality)") { pix in
            var data: UnsafeMutablePointer<UInt8>?
            var size = 0
            guard pixWriteMemJpeg(&data, &size, pix, quality, 0) == 0, let data else { return nil }
            defer { free(data) }
            return pixReadMemJpeg(data, size, 0, 1, nil, 0)
        }
    }

    /// The page lit from its top-left corner by a lamp: the light falls off linearly with
    /// the distance from that corner to `farthest` (a share of full light) at the opposite
    /// one, so paper goes from white to gray and print stays black.
    func unevenlyLit(farthest: Double = 0.3) -> SamplePage {
        var frame = image
        let diagonal = Double(frame.width + frame.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let light = 1 - (1 - farthest) * Double(x + y) / diagonal
                frame.pixels[y * frame.width + x] = UInt8(Double(frame.pixels[y * frame.width + x]) * light)
            }
        }
        return SamplePage(name: "\(name) lit unevenly", image: frame, groundTruth: groundTruth)
    }

    /// The page in the middle of a camera frame of `width`×`height` on a gray table,
    /// scaled to fill `share` of the frame's height.
    func inCameraFrame(width: Int = 1280, height: Int = 720, share: Double = 0.9) -> SamplePage {
        let factor = min(Double(height) * share / Double(image.height), Double(width) * share / Double(image.width))
        let page = scaled(Float(factor)).image
        var frame = ImageFrame(format: .gray8, width: width, height: height, pixels: [UInt8](repeating: 90, count: width * height))
        let left = (width - page.width) / 2, top = (height - page.height) / 2
        for y in 0..<page.height {
            frame.pixels.replaceSubrange((top + y) * width + left ..< (top + y) * width + left + page.width,
                                         with: page.pixels[y * page.width ..< (y + 1) * page.width])
        }
        return SamplePage(name: "\(name) in a \(width)x\(height) camera frame", image: frame, groundTruth: groundTruth)
    }

    private func transformed(_ what: String, _ change: (UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>?) -> SamplePage {
        var source: UnsafeMutablePointer<PIX>? = Self.picture(image)
        defer { pixDestroy(&source) }
        var result = change(source!)
        defer { pixDestroy(&result) }
        precondition(result != nil, "leptonica could not make \(name) \(what)")
        return SamplePage(name: "\(name) \(what)", image: Self.frame(result!), groundTruth: groundTruth)
    }
}
