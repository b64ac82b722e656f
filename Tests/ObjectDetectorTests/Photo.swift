import CTesseract
import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// A photograph in Tests/Fixtures/images/photos (PROVENANCE.md there), decoded with
/// leptonica, which comes with the tesseract the OCR plugin links: Foundation on Linux has
/// no PNG decoder. An 8-bit gray file stays gray, as a gray camera's frame would be.
struct Photo {
    static let names = ["astronaut", "camera", "chelsea", "coffee"]

    var name: String
    var url: URL
    var image: ImageFrame

    struct Unreadable: Error, CustomStringConvertible {
        var path: String
        var description: String { "\(path): leptonica could not read it as an image" }
    }

    static func url(_ name: String) -> URL {
        RepositoryPaths.fixtures.appendingPathComponent("images/photos/\(name).png")
    }

    static func named(_ name: String) throws -> Photo {
        let url = url(name)
        var pix: UnsafeMutablePointer<PIX>? = pixRead(url.path)
        defer { pixDestroy(&pix) }
        guard pix != nil else { throw Unreadable(path: url.path) }
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
        if pixGetDepth(pix) == 8 && pixGetColormap(pix) == nil {
            var pixels = [UInt8](repeating: 0, count: width * height)
            var value: UInt32 = 0
            for y in 0..<height {
                for x in 0..<width {
                    pixGetPixel(pix, Int32(x), Int32(y), &value)
                    pixels[y * width + x] = UInt8(truncatingIfNeeded: value)
                }
            }
            return Photo(name: name, url: url, image: ImageFrame(format: .gray8, width: width, height: height, pixels: pixels))
        }
        var rgb: UnsafeMutablePointer<PIX>? = pixConvertTo32(pix)
        defer { pixDestroy(&rgb) }
        guard rgb != nil else { throw Unreadable(path: url.path) }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var red: Int32 = 0, green: Int32 = 0, blue: Int32 = 0
        for y in 0..<height {
            for x in 0..<width {
                pixGetRGBPixel(rgb, Int32(x), Int32(y), &red, &green, &blue)
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(red)
                pixels[offset + 1] = UInt8(green)
                pixels[offset + 2] = UInt8(blue)
            }
        }
        return Photo(name: name, url: url, image: ImageFrame(format: .rgb24, width: width, height: height, pixels: pixels))
    }
}

extension ImageFrame {
    /// One colour all over: nothing to find.
    static func uniform(width: Int, height: Int, value: UInt8) -> ImageFrame {
        ImageFrame(format: .rgb24, width: width, height: height, pixels: [UInt8](repeating: value, count: width * height * 3))
    }
}
