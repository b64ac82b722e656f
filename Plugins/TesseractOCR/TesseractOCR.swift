import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.perceiver(TesseractOCR.self, id: "org.sensebridge.tesseract-ocr", version: "1.0.0")
}

/// Reads printed text in an image with tesseract: one `.text` record per line, in
/// tesseract's block → paragraph → line order, each with its box and confidence.
///
/// What is read is the person's own (a letter, a prescription): it is never logged, at
/// any level, and the host log gets counts and timings only, the count labelled private.
/// A language's model is loaded on the first page in that language and kept; the data
/// folder is checked when the plugin is created, so a reader that could never read
/// anything fails loading instead of the first page.
public final class TesseractOCR: PerceiverPlugin {
    private let settings: OCRSettings
    private let host: HostServices
    private let stop: RecognitionStop
    private let pageOutline: PageOutlineStep
    /// One per language read so far; touched only by `perceive` ([instance-thread]).
    private var engines: [TesseractLanguage: TesseractEngine] = [:]

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        settings = try OCRSettings(config)
        let installed = try settings.checkDataPath()
        stop = RecognitionStop(clock: host)
        pageOutline = PageOutlineStep(enabled: settings.pageOutline, host: host)
        host.log(.info, "ocr.ready", [("languages", .public(installed.map(\.rawValue).joined(separator: ","))),
                                      ("pageSegmentation", .public(settings.pageSegmentation.rawValue))])
    }

    public func perceive(_ request: PerceiveRequest) throws -> [PerceptionRecord] {
        try perceivePage(request).records
    }

    /// The lines read and how the page was found (`PageOutlineStep`): flattened, its boxes
    /// then on the flattened page, or with the edges the frame cuts.
    public func perceivePage(_ request: PerceiveRequest) throws -> Perception {
        stop.begin(deadline: request.deadline)
        defer { stop.end() }
        try stop.check("before it started")
        guard TesseractEngine.canHoldText(request.image) else {
            // The frame's size, not its content: public.
            host.log(.debug, "ocr.image_too_small", [("width", .public(String(request.image.width))),
                                                     ("height", .public(String(request.image.height)))])
            return Perception(records: [])
        }
        let engine = try engine(for: try TesseractLanguage(locale: request.localeIdentifier), locale: request.localeIdentifier)
        let started = host.monotonicNanoseconds()
        let page = pageOutline.apply(request.image)
        let lines = try engine.read(page.image, stop: stop)
        let records = lines.compactMap { TextLineRecord.record($0, imageWidth: page.image.width, imageHeight: page.image.height) }
        try ResultCaps.check(records)
        let milliseconds = (host.monotonicNanoseconds() &- started) / 1_000_000
        // How many lines were read says something about what the person looked at: private.
        host.log(.debug, "ocr.read", [("language", .public(engine.language.rawValue)),
                                      ("lines", .private(String(records.count))),
                                      ("milliseconds", .public(String(milliseconds)))])
        return Perception(records: records, page: page.view)
    }

    /// [any-thread]
    public func cancel() {
        stop.cancel()
    }

    private func engine(for language: TesseractLanguage, locale: String) throws -> TesseractEngine {
        if let engine = engines[language] { return engine }
        let started = host.monotonicNanoseconds()
        let engine = try TesseractEngine(language: language, dataPath: settings.dataPath,
                                         pageSegmentation: settings.pageSegmentation, locale: locale)
        engines[language] = engine
        host.log(.info, "ocr.language_loaded", [("language", .public(language.rawValue)),
                                                ("milliseconds", .public(String((host.monotonicNanoseconds() &- started) / 1_000_000)))])
        // Loading took a while; a cancel that came meanwhile is honoured before the page is read.
        try stop.check("while the \(language.rawValue) model was loading")
        return engine
    }
}
