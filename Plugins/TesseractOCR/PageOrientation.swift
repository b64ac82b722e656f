import CTesseract
import Foundation
import SenseBridgePluginKit

/// Finds which way round a page's print stands, with tesseract's orientation and script
/// detection (OSD, `osd.traineddata` from Debian's tesseract-ocr-osd).
///
/// A blind reader cannot see how they hold a label: upside down, tesseract reads it as
/// confident-looking nonsense, and turned a quarter it finds nothing to read. OSD needs
/// its own TessBaseAPI initialised for "osd", kept for the instance's life like a
/// language's. It runs only when the page as held read poorly or stood on end
/// (`ReadQuality`): an upright page, the common case, pays nothing for it.
final class PageOrientation {
    static let trainedDataFileName = "osd.traineddata"
    static let debianPackage = "tesseract-ocr-osd"

    /// OSD's own confidence a turn must reach before the page is read turned. It grows
    /// with the print OSD sees: the generated pages turned measure 25–28 in English, 11–12
    /// in Spanish and 8 in Vietnamese, whose short page has fewest letters; a page upright
    /// but hard to read measures 3–10 for a turn of 0. A turn OSD is this sure of is still
    /// taken only if the page reads better turned (`ReadQuality.score`): a page read turned
    /// by mistake is lost whole.
    static let minimumConfidence: Float = 5

    static func trainedData(in dataPath: URL) -> URL {
        dataPath.appendingPathComponent(trainedDataFileName)
    }

    private let api: OpaquePointer

    init(dataPath: URL) throws {
        let file = Self.trainedData(in: dataPath)
        // OSD is a model of the legacy engine: it has no LSTM to load.
        guard let api = TesseractEngine.loadAPI(dataPath: dataPath, languages: "osd", engineMode: OEM_TESSERACT_ONLY) else {
            throw PluginError(.io, "tesseract could not load \(file.path); the file may be damaged or from another tesseract version. Reinstall \(Self.debianPackage), or set orientation to false.")
        }
        self.api = api
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// The clockwise quarter turns that stand `binary`'s print upright, when OSD is sure
    /// of them (0 when it is sure the page is upright; nil when it cannot tell), and how
    /// sure it is.
    func quarterTurns(_ binary: UnsafeMutablePointer<Pix>) -> (turns: Int?, confidence: Float) {
        defer { TessBaseAPIClear(api) }
        TessBaseAPISetImage2(api, binary)
        var orientation: Int32 = 0
        var confidence: Float = 0
        // The script is not asked for: nil leaves tesseract nothing to hand back to free.
        guard TessBaseAPIDetectOrientationScript(api, &orientation, &confidence, nil, nil) != 0 else { return (nil, 0) }
        return (Self.quarterTurns(orientationDegrees: Int(orientation), confidence: confidence), confidence)
    }

    /// tesseract reports the angle the print stands at, counter-clockwise ("Orientation in
    /// degrees: 270" for a page turned a quarter anticlockwise); the page is upright once
    /// turned back clockwise by as much (its command line's "Rotate: 90").
    static func quarterTurns(orientationDegrees: Int, confidence: Float) -> Int? {
        guard confidence >= minimumConfidence, orientationDegrees % 90 == 0 else { return nil }
        return ((360 - orientationDegrees) % 360) / 90
    }
}
