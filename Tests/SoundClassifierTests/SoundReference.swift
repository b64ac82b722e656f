import Foundation
import SenseBridgeRepositoryTesting

/// YAMNet outside SenseBridge (Benchmarks/reference/sound_reference.py): numpy's log-mel
/// patches from the same definitions, OpenCV's Python binding on the same float graph,
/// and onnxruntime on the int8 original; and the generated clips they all hear
/// (Benchmarks/reference/make_sound_clips.py). Floats cross as raw little-endian files.
enum SoundReference {
    /// Debian's numpy and python3-opencv are built for the system Python, not whichever
    /// python3 is first on PATH.
    static let python = "/usr/bin/python3"
    /// scripts/deps.sh installs the pinned onnx and onnxruntime here, never system-wide.
    static let modelsPython = RepositoryPaths.root.appendingPathComponent(".build/python-models/bin/python").path
    static let script = RepositoryPaths.root.appendingPathComponent("Benchmarks/reference/sound_reference.py")
    static let clipsScript = RepositoryPaths.root.appendingPathComponent("Benchmarks/reference/make_sound_clips.py")
    static let patchValues = 96 * 64
    static let classes = 521

    /// The float graph and class map where the staged manifest's defaults find them.
    static var modelDirectory: URL { RepositoryPaths.stagedPlugins.appendingPathComponent("models/yamnet") }
    static var model: URL { modelDirectory.appendingPathComponent("yamnet.onnx") }
    static var classMap: URL { modelDirectory.appendingPathComponent("yamnet_class_map.csv") }
    /// scripts/deps.sh keeps the int8 original outside what is installed.
    static var int8Model: URL { RepositoryPaths.root.appendingPathComponent(".build/model-references/yamnet-w8a8/model.onnx") }

    /// Why numpy and OpenCV's binding cannot run here, or nil. Asked once per test process.
    static let unavailableReason: String? = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return "\(python) is missing" }
        guard let result = try? ProcessRunner.run(python, ["-c", "import numpy, cv2"], timeout: 60), result.status == 0 else {
            return "numpy or OpenCV's Python binding is not installed for \(python) (Debian: python3-numpy, python3-opencv)"
        }
        guard FileManager.default.isReadableFile(atPath: model.path) else { return "\(model.path) is missing (scripts/deps.sh)" }
        return nil
    }()

    static let int8UnavailableReason: String? = {
        if let reason = unavailableReason { return reason }
        guard let result = try? ProcessRunner.run(modelsPython, ["-c", "import onnxruntime"], timeout: 60), result.status == 0 else {
            return "onnxruntime is not installed in .build/python-models (scripts/deps.sh)"
        }
        guard FileManager.default.isReadableFile(atPath: int8Model.path) else { return "\(int8Model.path) is missing (scripts/deps.sh)" }
        return nil
    }()

    /// One generated clip: its name and 16 kHz mono samples.
    struct Clip {
        var name: String
        var samples: [Float]
        var file: URL
    }

    /// Every clip the generator makes, written into `directory`.
    static func clips(in directory: TemporaryDirectory) throws -> [Clip] {
        let result = try ProcessRunner.run(python, [clipsScript.path, directory.url.path], timeout: 300)
        guard result.status == 0 else { throw Failed("make_sound_clips.py exited \(result.status): \(result.standardError)") }
        return try result.standardOutput.split(separator: "\n").map { name in
            let file = directory.file("\(name).f32")
            return Clip(name: String(name), samples: try floats(file), file: file)
        }
    }

    /// numpy's patches for `clip`, each `patchValues` long.
    static func logMel(_ clip: Clip, in directory: TemporaryDirectory) throws -> [[Float]] {
        let output = directory.file("\(clip.name).patches")
        try run(python, ["logmel", clip.file.path, output.path])
        return try rows(floats(output), width: patchValues)
    }

    /// Logits per patch: "opencv" runs the float graph, "int8" the original.
    static func logits(_ engine: String, patches: [[Float]], name: String, in directory: TemporaryDirectory) throws -> [[Float]] {
        let input = directory.file("\(name).\(engine).in"), output = directory.file("\(name).\(engine).out")
        try write(patches.flatMap { $0 }, to: input)
        let model = engine == "int8" ? int8Model : Self.model
        try run(engine == "int8" ? modelsPython : python, [engine, model.path, input.path, output.path])
        return try rows(floats(output), width: classes)
    }

    static func run(_ executable: String, _ arguments: [String]) throws {
        let result = try ProcessRunner.run(executable, [script.path] + arguments, timeout: 600)
        guard result.status == 0 else { throw Failed("sound_reference.py \(arguments[0]) exited \(result.status): \(result.standardError)") }
    }

    static func floats(_ file: URL) throws -> [Float] {
        let data = try Data(contentsOf: file)
        return data.withUnsafeBytes { raw in
            (0..<(data.count / 4)).map { Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self))) }
        }
    }

    static func write(_ values: [Float], to file: URL) throws {
        var data = Data(capacity: values.count * 4)
        for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        try data.write(to: file)
    }

    static func rows(_ values: [Float], width: Int) -> [[Float]] {
        stride(from: 0, to: values.count, by: width).map { Array(values[$0..<min(values.count, $0 + width)]) }
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
