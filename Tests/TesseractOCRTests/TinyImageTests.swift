import CTesseract
import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// An image too small to hold a letter tesseract reads is answered "no text" before it
/// reaches tesseract, whose leptonica fails on it out loud; and leptonica's own messages
/// never reach the person's terminal, as if SenseBridge had written them.
@Suite(.serialized) struct TinyImageTests {
    /// Dark stripes on white, so there is ink to find at any size.
    static func striped(width: Int, height: Int) -> ImageFrame {
        ImageFrame(format: .gray8, width: width, height: height,
                   pixels: (0..<(width * height)).map { (($0 % width) / 3 + ($0 / width) / 2) % 3 == 0 ? 0 : 255 })
    }

    @Test("1×1, 3×200, 200×3 and 9×400 have no text recognized, and never reach tesseract", arguments: [(1, 1), (3, 200), (200, 3), (9, 400)])
    func aTinyImageHasNoTextAndNeverReachesTesseract(width: Int, height: Int) throws {
        let lines = LogPrivacyTests.LogLines()
        let reader = try OCRHost(log: HostLog(threshold: .debug) { lines.append($0) }).reader()
        let records = try reader.read(Self.striped(width: width, height: height))
        #expect(records.isEmpty)
        #expect(lines.all.contains { $0.contains("ocr.image_too_small ") && $0.hasSuffix("width=\(width) height=\(height)") }, "\(lines.all)")
        #expect(!lines.all.contains { $0.contains("ocr.read ") || $0.contains("ocr.language_loaded ") }, "tesseract read it: \(lines.all)")
    }

    @Test("once a page was read, leptonica says nothing on stderr, even about a call it refuses")
    func leptonicaIsSilenced() throws {
        let reader = try OCRHost().reader()
        _ = try reader.read(try SamplePage.canary().image)
        let ((), streams) = try StandardStreams.capture {
            // A 1-pixel-tall binary image: leptonica refuses to halve it, and says so when it may.
            var pix = pixCreate(16, 1, 1)
            defer { pixDestroy(&pix) }
            var reduced = pixReduceRankBinary2(pix, 1, nil)
            pixDestroy(&reduced)
        }
        #expect(!streams.contains("Error in"), "leptonica wrote: \(streams)")
    }
}
