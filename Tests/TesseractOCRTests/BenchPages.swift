import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Pages of `make bench`'s reading set (scripts/make-reading-bench-pages.py), rendered
/// once per test process for the conditions the OCR tests read, and held in memory: the
/// same pages and ground truth the bench measures, so a test and the bench cannot drift.
enum BenchPages {
    static let conditions = ["clean", "rotate-90", "rotate-180", "rotate-270", "uneven", "lowres", "jpeg", "mixed", "perspective",
                             "hard", "faint", "blur"]
    static let locales = ["en", "es", "vi"]

    struct Unrendered: Error, CustomStringConvertible {
        var description: String
    }

    /// The page of `locale` in `condition` (one of `conditions`).
    static func page(_ locale: String, _ condition: String) throws -> SamplePage {
        let rendered = try rendered.get()
        guard let page = rendered["\(locale)-\(condition)"] else {
            throw Unrendered(description: "\(locale)-\(condition) is not among the pages BenchPages renders")
        }
        return page
    }

    private static let rendered: Result<[String: SamplePage], Error> = Result {
        let folder = try TemporaryDirectory("sensebridge-ocr-pages")
        let script = RepositoryPaths.root.appendingPathComponent("scripts/make-reading-bench-pages.py").path
        let made = try ProcessRunner.run("/usr/bin/python3", [script, folder.url.path, "--conditions", conditions.joined(separator: ","),
                                                               "--locales", locales.joined(separator: ",")])
        guard made.status == 0 else { throw Unrendered(description: "\(script) failed: \(made.standardError)") }
        var pages: [String: SamplePage] = [:]
        for locale in locales {
            for condition in conditions {
                let base = folder.file("\(locale)-\(condition)")
                let truth = try String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8)
                pages["\(locale)-\(condition)"] = SamplePage(name: "\(locale)-\(condition)",
                                                             image: try SamplePage.gray(base.appendingPathExtension("png")),
                                                             groundTruth: truth)
            }
        }
        return pages
    }
}

extension SamplePage {
    /// The character error rate of `records` read from this page (whitespace collapsed).
    func characterErrorRate(of records: [PerceptionRecord]) -> Double {
        CharacterErrorRate.of(records.map(\.label).joined(separator: "\n"), reference: groundTruth ?? "")
    }
}
