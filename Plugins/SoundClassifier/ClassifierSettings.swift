import Foundation
import SenseBridgePluginKit

/// The sound classifier's config, checked before anything is loaded: a wrong value is an
/// error naming its key, never a silent fallback to a model or a threshold the person did
/// not pick.
struct ClassifierSettings {
    static let keys: Set<String> = ["model", "classMap", "threads", "minimumConfidence"]

    /// What installs the default model: a person who reads the loading error needs the
    /// command, not only the missing path.
    static let installCommand = "scripts/deps.sh (make deps) in the SenseBridge source tree, or make install"

    /// YAMNet's float ONNX graph ([1, 1, 96, 64] log-mel patch in, 521 logits out).
    var model: URL
    /// yamnet_class_map.csv: which output is which AudioSet class.
    var classMap: URL
    var threads: Int
    /// Below this no sound is reported; an identifier's own floor (CuratedSounds) may be higher.
    var minimumConfidence: Double

    /// Threads OpenCV runs a pass on. A patch takes a few milliseconds on one, twice a
    /// second: more would only compete with the depth loop and the other listener.
    static let defaultThreads = 1
    static let defaultMinimumConfidence = 0.3

    private struct Raw: Decodable {
        var model: String?
        var classMap: String?
        var threads: Int?
        var minimumConfidence: Double?
    }

    init(_ config: PluginConfig) throws {
        try config.requireOnly(Self.keys)
        let raw = try config.decode(Raw.self)
        model = try Self.path(raw.model, key: "model", what: "YAMNet's float ONNX graph")
        classMap = try Self.path(raw.classMap, key: "classMap", what: "YAMNet's yamnet_class_map.csv")
        threads = raw.threads ?? Self.defaultThreads
        guard (1...64).contains(threads) else {
            throw PluginError.invalidConfig("Config key 'threads' must be 1 to 64; it is \(threads).")
        }
        minimumConfidence = raw.minimumConfidence ?? Self.defaultMinimumConfidence
        guard (0...1).contains(minimumConfidence) else {
            throw PluginError.invalidConfig("Config key 'minimumConfidence' must be 0 to 1; it is \(minimumConfidence).")
        }
    }

    private static func path(_ value: String?, key: String, what: String) throws -> URL {
        guard let value, !value.isEmpty, !value.contains("\0") else {
            throw PluginError.invalidConfig("Config key '\(key)' is missing or empty; give \(what) (the manifest's default is the one \(installCommand) installs).")
        }
        return URL(fileURLWithPath: value)
    }

    /// Fails loading (Invariant 8) when a file is missing: a classifier that could never
    /// hear anything is reported when it is chosen, naming the file and what installs it,
    /// not after the first seconds of listening.
    func checkFiles() throws {
        for (key, file) in [("model", model), ("classMap", classMap)] where !FileManager.default.isReadableFile(atPath: file.path) {
            throw PluginError.invalidConfig("The sound classifier's \(key) file \(file.path) does not exist or cannot be read. The default is installed by \(Self.installCommand); or set '\(key)' to another file.")
        }
    }
}
