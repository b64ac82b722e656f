import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// The `tesseract` command lines the reading bench holds SenseBridge against: the plain
/// one a person would type, and for each condition the best single command line found
/// for it (the anchor to beat).
///
/// How the best ones were found: `Benchmarks/reference/tesseract_options_search.py` on the
/// pages `scripts/make-reading-bench-pages.py` writes (and the book page photograph),
/// tesseract 5.3.0 with Debian's 4.1.0 traineddata. It starts from the plain command line
/// and tries, one dimension at a time, every choice of page segmentation (--psm 3, 1, 4,
/// 6, 11), thresholding (Otsu, leptonica's local Otsu, Sauvola with its default, wider
/// window or lower k), --dpi (unset, 70, 150, 300), tessedit_do_invert=0,
/// preserve_interword_spaces=1 and languages (the page's own, or with the other two of
/// eng, spa, vie), keeping a change only when it lowers the condition's mean character
/// error rate over its locales, until a whole pass changes nothing. The winners are pinned
/// here so every run measures the same command lines; run the search again after a
/// tesseract or traineddata upgrade, or when a condition is added.
struct TesseractCommandLine: Sendable {
    /// Options after `IMAGE - -l LANGUAGES`.
    var options: [String]
    /// Read with the page's own language and the other two of eng, spa and vie.
    var allLanguages: Bool

    static let plain = TesseractCommandLine(options: [], allLanguages: false)

    static let tesseractLanguages: [SpokenLocale: String] = [.en: "eng", .es: "spa", .vi: "vie"]

    /// The best command line found for each condition; a condition missing here (not yet
    /// searched) is measured against the plain command line, and the bench says so.
    static let best: [String: TesseractCommandLine] = [
        // Mean CER over en, es and vi, the plain command line's → the winner's.
        // Orientation and script detection turns the page upright: 83.6 % → 0.00 %.
        "rotate-180": TesseractCommandLine(options: ["--psm", "1"], allLanguages: false),
        "rotate-270": TesseractCommandLine(options: ["--psm", "1"], allLanguages: false),
        // tesseract's default layout analysis already reads a page turned a quarter clockwise:
        // 0.00 %, and nothing lowers that.
        "rotate-90": .plain,
        // Sparse text finds the lines the table's texture hides: 7.74 % → 4.55 %.
        "perspective": TesseractCommandLine(options: ["--psm", "11", "--dpi", "300", "-c", "tessedit_do_invert=0"], allLanguages: true),
        // Sauvola with a lower k keeps the dim right half's ink: 18.73 % → 0.44 %.
        "uneven": TesseractCommandLine(options: ["-c", "thresholding_method=2", "-c", "thresholding_kfactor=0.2"], allLanguages: false),
        // One uniform block and Sauvola for 10 px text: 6.47 % → 2.25 %.
        "lowres": TesseractCommandLine(options: ["--psm", "6", "-c", "thresholding_method=2", "-c", "thresholding_kfactor=0.2"], allLanguages: false),
        // Local Otsu against the blocking: 0.33 % → 0.11 %.
        "jpeg": TesseractCommandLine(options: ["-c", "thresholding_method=1", "--dpi", "300"], allLanguages: false),
        // Every language, so the other locales' paragraphs are read in theirs: 3.96 % → 1.19 %.
        "mixed": TesseractCommandLine(options: ["--psm", "6"], allLanguages: true),
        // The real photograph: Sauvola alone, 43.8 % → 6.0 %.
        "photograph": TesseractCommandLine(options: ["-c", "thresholding_method=2"], allLanguages: true),
        // Rendered pages. Five degrees clockwise loses whole paragraphs; one uniform block
        // and Sauvola with a narrower window keep them: 76.87 % → 1.83 %.
        "tilt-right": TesseractCommandLine(options: ["--psm", "6", "-c", "thresholding_method=2", "-c", "thresholding_window_size=0.15"],
                                           allLanguages: false),
        "tilt-left": TesseractCommandLine(options: ["-c", "thresholding_method=1", "--dpi", "300"], allLanguages: false),  // 0.21 % → 0.00 %
        // Read without a wrong character already: nothing to find.
        "clean": .plain, "small": .plain, "large": .plain, "blur": .plain, "faint": .plain, "hard": .plain, "columns": .plain,
    ]

    func arguments(image: URL, locale: SpokenLocale) -> [String] {
        let own = Self.tesseractLanguages[locale] ?? "eng"
        let others = SpokenLocale.allCases.compactMap { Self.tesseractLanguages[$0] }.filter { $0 != own }
        return [image.path, "-", "-l", allLanguages ? ([own] + others).joined(separator: "+") : own] + options
    }

    var description: String {
        let languages = allLanguages ? " (all three languages)" : ""
        return options.isEmpty && !allLanguages ? "tesseract IMAGE - -l LANG" : "tesseract IMAGE - -l LANG \(options.joined(separator: " "))\(languages)"
    }

    /// What the command line prints for one page. One OpenMP thread, as the plugin runs
    /// tesseract, so two pages read side by side do not fight over the two cores.
    func read(_ image: URL, locale: SpokenLocale, tesseract: String) throws -> String {
        let environment = ProcessInfo.processInfo.environment.merging(["OMP_THREAD_LIMIT": "1"]) { $1 }
        let result = try ProcessRunner.run(tesseract, arguments(image: image, locale: locale), environment: environment)
        guard result.status == 0 else {
            throw WholeProcess.Failed(description: "tesseract \(image.lastPathComponent) \(options.joined(separator: " ")): \(result.standardError)")
        }
        return result.standardOutput
    }
}
