import Foundation
import SenseBridgeTesting

/// Pages of the reading bench (scripts/make-reading-bench-pages.py), rendered for a test
/// into a directory of its own: only the conditions and locales it reads.
enum ReadingBenchPages {
    /// Debian's Pillow and numpy are built for the system Python, not whichever python3 is
    /// first on PATH.
    static let python = "/usr/bin/python3"
    static let script = RepositoryPaths.root.appendingPathComponent("scripts/make-reading-bench-pages.py")

    /// Why the script cannot run here, or nil. Asked once per test process.
    static let unavailableReason: String? = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return "\(python) is missing" }
        guard let result = try? ProcessRunner.run(python, ["-c", "import numpy, PIL"], timeout: 60), result.status == 0 else {
            return "numpy or Pillow is not installed for \(python) (Debian: python3-numpy, python3-pil)"
        }
        return nil
    }()

    struct RenderFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// `<locale>-<condition>` of each locale, decoded to gray, with its ground truth.
    static func render(_ condition: String, locales: [String]) throws -> [SamplePage] {
        let directory = try TemporaryDirectory("sensebridge-reading-bench")
        let result = try ProcessRunner.run(python, [script.path, directory.url.path, "--conditions", condition,
                                                    "--locales", locales.joined(separator: ",")], timeout: 120)
        guard result.status == 0 else { throw RenderFailed(description: "\(script.path) exited \(result.status): \(result.standardError)") }
        return try locales.map { locale in
            let base = directory.file("\(locale)-\(condition)")
            return SamplePage(name: "\(locale)-\(condition)", image: try SamplePage.gray(base.appendingPathExtension("png")),
                              groundTruth: try String(contentsOf: base.appendingPathExtension("txt"), encoding: .utf8))
        }
    }
}
