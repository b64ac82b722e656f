import CTesseract
import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// A page image shipped with the repository and the text printed on it.
///
/// The PNGs are decoded with leptonica (the image library tesseract itself is built on):
/// Foundation on Linux has no PNG decoder, and leptonica comes with tesseract anyway.
struct SamplePage {
    var name: String
    var image: ImageFrame
    /// The page as printed (scripts/make-sample-page.py), nil for an image without one.
    var groundTruth: String?

    struct Unreadable: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// `samples/page-<locale>.png` and its `.txt`.
    static func shipped(_ locale: String) throws -> SamplePage {
        let base = RepositoryPaths.root.appendingPathComponent("samples/page-\(locale)")
        let truth = base.appendingPathExtension("txt")
        guard let text = try? String(contentsOf: truth, encoding: .utf8) else {
            throw Unreadable(path: truth.path, reason: "missing or not UTF-8; run scripts/make-sample-page.py")
        }
        return SamplePage(name: "page-\(locale)", image: try gray(base.appendingPathExtension("png")), groundTruth: text)
    }

    /// The image with the canary word (Tests/Fixtures/images/canary-en.png).
    static func canary() throws -> SamplePage {
        SamplePage(name: "canary-en", image: try gray(RepositoryPaths.fixtures.appendingPathComponent("images/canary-en.png")),
                   groundTruth: nil)
    }

    /// The shipped page photographed `degrees` off level (positive: clockwise), white
    /// brought in at the corners, at the page's own size.
    static func tilted(_ locale: String, degrees: Float) throws -> SamplePage {
        let page = try shipped(locale)
        let url = RepositoryPaths.root.appendingPathComponent("samples/page-\(locale).png")
        return SamplePage(name: "\(page.name) tilted \(degrees)°", image: try gray(url, rotatedBy: degrees), groundTruth: page.groundTruth)
    }

    /// Any image leptonica reads, as 8-bit gray, turned `rotatedBy` degrees (clockwise).
    static func gray(_ url: URL, rotatedBy degrees: Float = 0) throws -> ImageFrame {
        var original: UnsafeMutablePointer<PIX>? = pixRead(url.path)
        defer { pixDestroy(&original) }
        guard original != nil else {
            throw Unreadable(path: url.path, reason: "leptonica could not read it as an image; run scripts/make-sample-page.py")
        }
        var converted: UnsafeMutablePointer<PIX>? = pixConvertTo8(original, 0)
        defer { pixDestroy(&converted) }
        var rotated: UnsafeMutablePointer<PIX>? = degrees == 0 ? nil
            : pixRotate(converted, degrees * .pi / 180, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0)
        defer { pixDestroy(&rotated) }
        let gray = rotated ?? converted
        guard gray != nil else { throw Unreadable(path: url.path, reason: "could not be made 8-bit gray") }
        let width = Int(pixGetWidth(gray)), height = Int(pixGetHeight(gray))
        var pixels = [UInt8](repeating: 0, count: width * height)
        var value: UInt32 = 0
        for y in 0..<height {
            for x in 0..<width {
                pixGetPixel(gray, Int32(x), Int32(y), &value)
                pixels[y * width + x] = UInt8(truncatingIfNeeded: value)
            }
        }
        return ImageFrame(format: .gray8, width: width, height: height, pixels: pixels)
    }
}

extension ImageFrame {
    /// `copies` of this picture one above the other: a long page, for timing a read.
    func stacked(_ copies: Int) -> ImageFrame {
        ImageFrame(format: format, width: width, height: height * copies,
                   pixels: Array([[UInt8]](repeating: pixels, count: copies).joined()))
    }

    /// A white page of this size: nothing to read.
    static func blank(width: Int, height: Int) -> ImageFrame {
        ImageFrame(format: .gray8, width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height))
    }
}
