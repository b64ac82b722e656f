import CTesseract
import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// One TessBaseAPI, initialized for one combination of languages ("eng", "eng+vie") and
/// kept for the instance's life: loading a language's model takes 0.1 to 0.3 s, far too
/// long to pay on every frame. Used from the instance's thread only (the header's
/// [instance-thread] rule).
final class TesseractEngine {
    /// tesseract keeps coordinates in 16 bits and refuses a larger page outright.
    static let maximumSide = Int(Int16.max)

    /// Fewer pixels than this on a side hold no letter tesseract can read: its accuracy
    /// falls away once a lowercase letter is under about ten pixels tall
    /// (`FramingGuidance.minimumTextHeightPixels`). Such an image never reaches it, because
    /// below four pixels leptonica's reductions fail outright (a 1×1 image: "Error in
    /// pixReduceRankBinary2"), and what it would answer at best is no text.
    static let minimumSide = 10

    /// Whether `image` is large enough to hold text tesseract reads; one that is not has
    /// no text recognized, which is what the person is then told.
    static func canHoldText(_ image: ImageFrame) -> Bool {
        image.width >= minimumSide && image.height >= minimumSide
    }

    /// The person's language first: tesseract reads each word with the first language
    /// and tries the others only where it is unsure.
    let languages: [TesseractLanguage]
    private let api: OpaquePointer

    init(languages: [TesseractLanguage], dataPath: URL, pageSegmentation: PageSegmentation, locale: String) throws {
        precondition(!languages.isEmpty, "an engine reads at least one language")
        for language in languages where !FileManager.default.isReadableFile(atPath: language.trainedData(in: dataPath).path) {
            throw language.missingData(locale: locale, dataPath: dataPath)
        }
        // LSTM only: the legacy engine is slower and reads print worse.
        guard let api = Self.loadAPI(dataPath: dataPath, languages: languages.map(\.rawValue).joined(separator: "+"),
                                     engineMode: OEM_LSTM_ONLY) else {
            let files = languages.map { $0.trainedData(in: dataPath).path }.joined(separator: ", ")
            let packages = languages.map(\.debianPackage).joined(separator: ", ")
            throw PluginError(.io, "tesseract could not load \(files); a file may be damaged or from another tesseract version. Reinstall \(packages).")
        }
        TessBaseAPISetPageSegMode(api, pageSegmentation.tesseractMode)
        self.api = api
        self.languages = languages
    }

    /// A TessBaseAPI initialised for `languages` ("eng+spa", "osd"), or nil when tesseract
    /// could not load them.
    static func loadAPI(dataPath: URL, languages: String, engineMode: TessOcrEngineMode) -> OpaquePointer? {
        guard let api = TessBaseAPICreate() else { return nil }
        let loaded = setUp.withLock { silenced in
            if !silenced {
                // tesseract prints diagnostics ("Estimating resolution as 212", "Empty
                // page!!") to stderr through its own printf; "/dev/null" is its switch
                // to print nothing. None carries recognized text, but the host's stderr
                // is the person's terminal, and reading a page is no event worth a line.
                // The setting is one global of the process's tesseract: written once,
                // before any recognition, so no thread reads it while it changes.
                TessBaseAPISetVariable(api, "debug_file", "/dev/null")
                // leptonica, which tesseract and `Deskew` call, prints its own errors
                // ("Error in pixFindSkew…") on stderr, where the person would read them as
                // SenseBridge's. A failure that matters comes back as a status and is
                // reported by the plugin in its own words; the chatter is silenced, once,
                // for the process's leptonica.
                setMsgSeverity(Int32(L_SEVERITY_NONE))
                silenced = true
            }
            return TessBaseAPIInit2(api, dataPath.path, languages, engineMode) == 0
        }
        guard loaded else {
            TessBaseAPIDelete(api)
            return nil
        }
        return api
    }

    /// Held while a model loads: tesseract's global settings and model caches are shared
    /// by every instance in the process, which the host may create on different threads.
    /// The flag says whether tesseract's diagnostics have been silenced yet.
    private static let setUp = Locked(false)

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// `image` as a leptonica picture, converted by tesseract itself (gray stays 8-bit,
    /// RGB becomes 32-bit), for turning and enlarging before it is read.
    func picture(_ image: ImageFrame) throws -> OwnedPix {
        guard image.width <= Self.maximumSide, image.height <= Self.maximumSide else {
            throw PluginError(.invalidArgument, "The image is \(image.width)x\(image.height) pixels; tesseract reads images up to \(Self.maximumSide) pixels on a side.")
        }
        defer { TessBaseAPIClear(api) }
        // tesseract copies the pixels into its own picture here, so the array is borrowed
        // only for the call. ImageFrame rows are packed: the stride is a row's bytes.
        image.pixels.withUnsafeBufferPointer { pixels in
            TessBaseAPISetImage(api, pixels.baseAddress, Int32(image.width), Int32(image.height),
                                Int32(image.format.bytesPerPixel), Int32(image.bytesPerRow))
        }
        guard let copy = OwnedPix(taking: pixClone(TessBaseAPIGetInputImage(api))) else {
            throw PluginError(.internal, "tesseract could not copy the \(image.width)x\(image.height) image.")
        }
        return copy
    }

    /// What one read found: the lines, in the coordinates of the picture it was given,
    /// and the binarized page they were found on, for orientation detection.
    struct Read {
        var lines: [RecognizedLine]
        var binary: OwnedPix?
        /// How much the print was enlarged before it was read (1 for not at all).
        var enlargement: Double
    }

    /// Reads `picture` into text lines in tesseract's reading order.
    ///
    /// With `page` (whether a point of the picture is on the page), print too small for
    /// tesseract is enlarged first (`TextSize`): only the region that holds it, so a page
    /// in the middle of a camera frame costs its own size enlarged, not the frame's.
    ///
    /// tesseract stops only at its monitor, which it asks between text lines; copying the
    /// pixels, binarizing them and finding the layout ask nothing. So `stop` is checked
    /// between those stages too: a cancel waits for at most one stage (about 0.3 s for a
    /// 21-megapixel photograph on a busy 2-core machine, a few milliseconds for a camera
    /// frame) or one line.
    func read(_ picture: OwnedPix, binarization: Thresholding.Method, page: ((Int, Int) -> Bool)?,
              stop: CallCheckpoint) throws -> Read {
        defer { TessBaseAPIClear(api) }
        OpenMPConfinement.confineToCallingThread()
        try stop.checkReading("before it started")
        TessBaseAPISetVariable(api, "thresholding_method", binarization.tesseractValue)
        TessBaseAPISetImage2(api, picture.pix)
        try stop.checkReading("while the image was being copied")
        // Binarizes now, so that a cancel can be noticed before the layout analysis that
        // follows in Recognize.
        var binary = OwnedPix(taking: TessBaseAPIGetThresholdedImage(api))
        try stop.checkReading("while the image was being binarized")
        var factor = 1.0
        var offset = (x: 0, y: 0)
        if let page, let found = binary.flatMap({ TextSize.letters($0.pix, onPage: page) }) {
            let wanted = TextSize.factor(medianLetterHeight: found.medianHeight, width: found.width, height: found.height)
            if wanted > 1, let larger = Self.enlarged(picture, found, by: wanted) {
                TessBaseAPISetImage2(api, larger.pix)
                // Sauvola's neighbourhood is a fixed length on paper (a third of an inch),
                // and tesseract, told no resolution, takes one that is far too low for an
                // enlarged page: the neighbourhood then fits inside a letter and hollows it
                // out (the Spanish page at low resolution, Sauvola and enlarged: 5.1 %
                // wrong without the resolution, none with it).
                TessBaseAPISetSourceResolution(api, TextSize.resolution(medianLetterHeight: found.medianHeight * wanted))
                try stop.checkReading("while the image was being enlarged")
                binary = OwnedPix(taking: TessBaseAPIGetThresholdedImage(api))
                try stop.checkReading("while the enlarged image was being binarized")
                (factor, offset) = (wanted, (found.left, found.top))
            }
        }
        // A page a few degrees off level is read from a level copy (`Deskew`); tesseract
        // copies it, and reads the binarized pixels as they are.
        if let binary, let straight = OwnedPix(taking: Deskew.levelled(binary.pix)) {
            TessBaseAPISetImage2(api, straight.pix)
            try stop.checkReading("while the page was being levelled")
        }
        let monitor = TesseractMonitor(stop: stop)
        guard TessBaseAPIRecognize(api, monitor.handle) == 0 else {
            // Cancelled mid-page, tesseract returns -1 and leaves the lines it had not
            // reached blank: a partial page is never returned as if it were the whole.
            if let reason = stop.stop { throw stop.error(reason, TesseractMonitor.work, "while the text was being recognized") }
            throw PluginError(.internal, "tesseract could not recognize the \(picture.width)x\(picture.height) image.")
        }
        // A cancel that arrives now is too late to save any work: the page is returned.
        var lines = ResultLines.read(api)
        if factor > 1 && lines.isEmpty {
            // Enlarging is a guess from the sizes of blobs, and a table's grain beside a page
            // the frame cuts can pass for small print (a cut page, enlarged 4 times, read no
            // line at all): a guess that found nothing never costs the page as given.
            return try read(picture, binarization: binarization, page: nil, stop: stop)
        }
        if factor > 1 { lines = lines.map { $0.scaled(by: 1 / factor, shiftedBy: offset) } }
        return Read(lines: lines, binary: binary, enlargement: factor)
    }

    /// The region of `picture` that holds `letters`, enlarged `factor` times.
    private static func enlarged(_ picture: OwnedPix, _ letters: TextSize.Letters, by factor: Double) -> OwnedPix? {
        var region = boxCreate(Int32(letters.left), Int32(letters.top), Int32(letters.width), Int32(letters.height))
        defer { boxDestroy(&region) }
        guard let clipped = OwnedPix(taking: pixClipRectangle(picture.pix, region, nil)) else { return nil }
        return OwnedPix(taking: pixScale(clipped.pix, Float(factor), Float(factor)))
    }
}
