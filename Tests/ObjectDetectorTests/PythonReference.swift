import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// OpenCV's own Python binding on the same model and files
/// (Benchmarks/reference/detection_reference.py): the detections the plugin must agree
/// with. cv2.imread gives BGR and the plugin's frames are RGB, so agreement proves the
/// plugin prepares its input as OpenCV's samples do.
enum PythonReference {
    /// Debian's python3-opencv is built for the system Python, not whichever python3 is
    /// first on PATH.
    static let python = "/usr/bin/python3"
    static let script = RepositoryPaths.root.appendingPathComponent("Benchmarks/reference/detection_reference.py")

    struct Row: Decodable {
        var classId: Int
        var score: Double
        var box: [Double]
    }

    /// Why the reference cannot run here, or nil when it can. Asked once per test process.
    static let unavailableReason: String? = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return "\(python) is missing" }
        guard let result = try? ProcessRunner.run(python, ["-c", "import cv2"], timeout: 60), result.status == 0 else {
            return "OpenCV's Python binding is not installed for \(python) (Debian: python3-opencv; run scripts/deps.sh)"
        }
        return nil
    }()

    /// Every row scoring at least `threshold`, per file name.
    static func detections(_ files: [URL], threshold: Double) throws -> [String: [Row]] {
        struct Output: Decodable { var images: [String: [Row]] }
        let result = try ProcessRunner.run(python, [script.path, DetectorHost.model.path, DetectorHost.graph.path, "detect",
                                                    String(threshold)] + files.map(\.path), timeout: 300)
        guard result.status == 0 else {
            throw ReferenceFailed(description: "\(script.lastPathComponent) exited \(result.status): \(result.standardError)")
        }
        return try JSONDecoder().decode(Output.self, from: Data(result.standardOutput.utf8)).images
    }

    struct ReferenceFailed: Error, CustomStringConvertible {
        var description: String
    }
}
