import Foundation
import SenseBridgePluginKit

/// The object detector's config, checked before anything is loaded: a wrong value is an
/// error naming its key, never a silent fallback to a model or a threshold the person
/// did not pick.
struct DetectorSettings {
    static let keys: Set<String> = ["model", "config", "framework", "labels", "inputWidth", "inputHeight",
                                    "scale", "mean", "swapRB", "minimumConfidence", "threads"]

    /// What installs the default model: a person who reads the loading error needs the
    /// command, not only the missing path.
    static let installCommand = "scripts/deps.sh (make deps) in the SenseBridge source tree, or make install"

    /// The network's weights, and its text graph or config ("" when the format has none).
    var model: URL
    var graph: URL?
    /// "" lets OpenCV tell the format by the files' extensions.
    var framework: String
    /// A label map file; nil for the built-in COCO map.
    var labels: URL?
    var preprocessing: Preprocessing
    /// Below this a detection is not reported, whatever its class.
    var minimumConfidence: Double
    var threads: Int

    /// How an image becomes the network's input (cv::dnn::blobFromImage's arguments).
    struct Preprocessing: Equatable {
        var inputWidth: Int
        var inputHeight: Int
        var scale: Double
        var mean: [Double]
        /// OpenCV's meaning, for an image in BGR order as cv2.imread gives: true when the
        /// network takes RGB. Kept so a setting can be copied from an OpenCV sample as is.
        var swapRB: Bool
    }

    enum Framework: String, CaseIterable {
        case tensorflow, caffe, darknet, onnx
    }

    private struct Raw: Decodable {
        var model: String?
        var config: String?
        var framework: String?
        var labels: String?
        var inputWidth: Int?
        var inputHeight: Int?
        var scale: Double?
        var mean: [Double]?
        var swapRB: Bool?
        var minimumConfidence: Double?
        var threads: Int?
    }

    init(_ config: PluginConfig) throws {
        try config.requireOnly(Self.keys)
        let raw = try config.decode(Raw.self)
        guard let model = raw.model, !model.isEmpty, !model.contains("\0") else {
            throw PluginError.invalidConfig("Config key 'model' is missing or empty; give the detector's model file (the manifest's default is the SSD MobileNetV2 COCO graph that \(Self.installCommand) installs).")
        }
        self.model = URL(fileURLWithPath: model)
        graph = try Self.optionalPath(raw.config, key: "config")
        labels = try Self.optionalPath(raw.labels, key: "labels")
        framework = raw.framework ?? ""
        guard framework.isEmpty || Framework(rawValue: framework) != nil else {
            let known = Framework.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw PluginError.invalidConfig("Config key 'framework' must be \"\" (tell by the file's extension) or one of \(known); it is \"\(framework)\".")
        }
        preprocessing = Preprocessing(inputWidth: raw.inputWidth ?? 300, inputHeight: raw.inputHeight ?? 300,
                                      scale: raw.scale ?? 1, mean: raw.mean ?? [0, 0, 0], swapRB: raw.swapRB ?? true)
        for (key, side) in [("inputWidth", preprocessing.inputWidth), ("inputHeight", preprocessing.inputHeight)]
        where !(1...4096).contains(side) {
            throw PluginError.invalidConfig("Config key '\(key)' must be 1 to 4096 pixels; it is \(side).")
        }
        guard preprocessing.scale.isFinite, preprocessing.scale > 0 else {
            throw PluginError.invalidConfig("Config key 'scale' must be a positive number (1 leaves pixels 0...255, 1/127.5 makes them 0...2); it is \(preprocessing.scale).")
        }
        guard preprocessing.mean.count == 3, preprocessing.mean.allSatisfy(\.isFinite) else {
            throw PluginError.invalidConfig("Config key 'mean' must be three numbers, one per channel in the network's order; it is \(preprocessing.mean).")
        }
        minimumConfidence = raw.minimumConfidence ?? 0.5
        guard (0...1).contains(minimumConfidence) else {
            throw PluginError.invalidConfig("Config key 'minimumConfidence' must be 0 to 1; it is \(minimumConfidence).")
        }
        threads = raw.threads ?? OpenCVThreads.defaultCount
        guard (1...64).contains(threads) else {
            throw PluginError.invalidConfig("Config key 'threads' must be 1 to 64; it is \(threads).")
        }
    }

    private static func optionalPath(_ value: String?, key: String) throws -> URL? {
        guard let value, !value.isEmpty else { return nil }
        guard !value.contains("\0") else { throw PluginError.invalidConfig("Config key '\(key)' holds a NUL byte.") }
        return URL(fileURLWithPath: value)
    }

    /// Fails loading (Invariant 8) when a file the network needs is missing: a detector
    /// that could never see anything is reported when it is chosen, naming the file and
    /// what installs it, not on the first frame of a walk.
    func checkFiles() throws {
        for (key, file) in [("model", model), ("config", graph)] {
            guard let file else { continue }
            guard FileManager.default.isReadableFile(atPath: file.path) else {
                throw PluginError.invalidConfig("The object detector's \(key) file \(file.path) does not exist or cannot be read. The default model is installed by \(Self.installCommand); or set '\(key)' to a file OpenCV reads.")
            }
        }
    }
}
