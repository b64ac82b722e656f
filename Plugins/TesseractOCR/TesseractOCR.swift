import Foundation
import PageOutline
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.perceiver(TesseractOCR.self, id: "org.sensebridge.tesseract-ocr", version: "1.0.0", abiMinor: 7)
}

/// Reads printed text in an image with tesseract: one `.text` record per line, in
/// tesseract's block → paragraph → line order, each with its box and confidence.
///
/// A page is read as it was held first; only when that read is poor is its orientation
/// found and the page read again turned upright (`PageOrientation`), its lines then boxed
/// in the turned image. Small print is enlarged (`TextSize`) and unevenly lit pages
/// binarized with Sauvola's method (`Thresholding`) before tesseract reads them; each step
/// is a config key, so a bench or a person can switch it off.
///
/// What is read is the person's own (a letter, a prescription): it is never logged, at
/// any level, and the host log gets counts and timings only, the count labelled private.
/// A combination of languages' models is loaded on the first page read with it and
/// kept; the data folder is checked when the plugin is created, so a reader that could
/// never read anything fails loading instead of the first page.
public final class TesseractOCR: PerceiverPlugin {
    private let settings: OCRSettings
    private let host: HostServices
    private let pageOutline: PageOutlineStep
    /// One per combination of languages read so far, and the orientation detector once a
    /// page needed it; touched only by `perceive` ([instance-thread]).
    private var engines: [[TesseractLanguage]: TesseractEngine] = [:]
    private var orientation: PageOrientation?

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        settings = try OCRSettings(config)
        let installed = try settings.checkDataPath()
        pageOutline = PageOutlineStep(enabled: settings.pageOutline, host: host)
        host.log(.info, "ocr.ready", [("languages", .public(installed.map(\.rawValue).joined(separator: ","))),
                                      ("pageSegmentation", .public(settings.pageSegmentation.rawValue)),
                                      ("orientation", .public(String(settings.orientation))),
                                      ("enlargeSmallText", .public(String(settings.enlargeSmallText))),
                                      ("thresholding", .public(settings.thresholding.rawValue))])
    }

    public func perceive(_ request: PerceiveRequest) throws -> [PerceptionRecord] {
        try perceivePage(request).records
    }

    /// The lines read and how the page was found: first the page in a photograph
    /// (`PageOutlineStep`: flattened, or with the edges the frame cuts), then how it is
    /// turned, on the page the outline step gives.
    public func perceivePage(_ request: PerceiveRequest) throws -> Perception {
        let stop = request.checkpoint
        try stop.checkReading("before it started")
        let frame = request.image
        guard TesseractEngine.canHoldText(frame) else {
            // The frame's size, not its content: public.
            host.log(.debug, "ocr.image_too_small", [("width", .public(String(frame.width))),
                                                     ("height", .public(String(frame.height)))])
            return Perception(records: [])
        }
        let dataPath = settings.dataPath
        let languages = try LanguageChoice.languages(locale: request.localeIdentifier, pageLocales: request.pageLocales) {
            FileManager.default.isReadableFile(atPath: $0.trainedData(in: dataPath).path)
        }
        let engine = try engine(for: languages, locale: request.localeIdentifier, stop: stop)
        let started = host.monotonicNanoseconds()
        let outlined = pageOutline.apply(frame)
        let image = outlined.image
        let light = PageLight(image)
        let binarization = settings.thresholding.method(light)
        let picture = try engine.picture(image)
        /// Where the picture, turned clockwise `turns` times, is the page: only letters
        /// there are measured for enlarging.
        func page(_ turns: Int) -> ((Int, Int) -> Bool)? {
            guard settings.enlargeSmallText else { return nil }
            return { x, y in
                let point = QuarterTurn.original(x: x, y: y, quarterTurns: turns, width: image.width, height: image.height)
                return light.isPage(x: point.x, y: point.y)
            }
        }
        func reading(turnedBy turns: Int) throws -> TesseractEngine.Read {
            guard let turned = picture.turned(turns) else { throw PluginError(.internal, "leptonica could not turn the image.") }
            return try engine.read(turned, binarization: binarization, page: page(turns), stop: stop)
        }
        func mayBeTurned(_ read: TesseractEngine.Read) -> Bool {
            settings.orientation && (ReadQuality.isPoor(read.lines) || ReadQuality.standsSideways(read.lines))
        }
        // Read as held first; only a poor read, or one whose lines stand on end, pays for
        // orientation detection and reads turned. A turn is kept only when its read stands
        // on its own (not poor) and is more confident, word for word, than the read as
        // held: being told "the page was upside down" about a page that was not, and
        // hearing nonsense read from it, is worse than a hedged poor read.
        var turns = 0
        var read = try reading(turnedBy: 0)
        if mayBeTurned(read), let binary = read.binary {
            try stop.checkReading("before the page's orientation was looked for")
            let (found, confidence) = try orientationDetector().quarterTurns(binary.pix)
            // How the page stood, not what it says: public.
            host.log(.debug, "ocr.orientation", [("quarterTurns", .public(found.map(String.init) ?? "unsure")),
                                                 ("confidence", .public(String(format: "%.1f", confidence)))])
            try stop.checkReading("while the page's orientation was being found")
            for candidate in ReadQuality.turnsToTry(detected: found, readAnyText: !read.lines.isEmpty) {
                let turnedRead = try reading(turnedBy: candidate)
                if ReadQuality.isBetterTurned(turnedRead.lines, than: read.lines) {
                    read = turnedRead
                    turns = candidate
                    break
                }
            }
        }
        // Boxes are in the image as it was read: a quarter turn swaps its sides.
        let (width, height) = turns % 2 == 0 ? (image.width, image.height) : (image.height, image.width)
        let records = read.lines.compactMap { TextLineRecord.record($0, imageWidth: width, imageHeight: height) }
        try ResultCaps.check(records)
        let milliseconds = (host.monotonicNanoseconds() &- started) / 1_000_000
        // How many lines were read says something about what the person looked at: private.
        // How the picture was turned, enlarged and binarized is about the frame: public.
        host.log(.debug, "ocr.read", [("languages", .public(engine.languages.map(\.rawValue).joined(separator: "+"))),
                                      ("lines", .private(String(records.count))),
                                      ("turnedDegrees", .public(String(turns * 90))),
                                      ("enlargement", .public(String(format: "%.2f", read.enlargement))),
                                      ("binarization", .public(binarization == .sauvola ? "sauvola" : "otsu")),
                                      ("milliseconds", .public(String(milliseconds)))])
        // The edges the outline step found are named as the page stood in the frame; they
        // turn with the page, so that "top" is the top of the page as read.
        return Perception(records: records, page: PageView(turnedDegrees: turns * 90, flattened: outlined.view.flattened,
                                                           cutEdges: PageCutEdges.turned(outlined.view.cutEdges, quarterTurns: turns)))
    }

    private func engine(for languages: [TesseractLanguage], locale: String, stop: CallCheckpoint) throws -> TesseractEngine {
        if let engine = engines[languages] { return engine }
        let started = host.monotonicNanoseconds()
        let engine = try TesseractEngine(languages: languages, dataPath: settings.dataPath,
                                         pageSegmentation: settings.pageSegmentation, locale: locale)
        engines[languages] = engine
        host.log(.info, "ocr.language_loaded", [("languages", .public(languages.map(\.rawValue).joined(separator: "+"))),
                                                ("milliseconds", .public(String((host.monotonicNanoseconds() &- started) / 1_000_000)))])
        // Loading took a while; a cancel that came meanwhile is honoured before the page is read.
        try stop.checkReading("while the \(languages.map(\.rawValue).joined(separator: "+")) model was loading")
        return engine
    }

    /// Loaded on the first page that needs it: most pages are held upright.
    private func orientationDetector() throws -> PageOrientation {
        if let orientation { return orientation }
        let detector = try PageOrientation(dataPath: settings.dataPath)
        orientation = detector
        return detector
    }
}
