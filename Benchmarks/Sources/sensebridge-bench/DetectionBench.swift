import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// Issue 34's figure: detection per frame through the object detector plugin, in process
/// and in its own process, against OpenCV's own Python binding running the same model on
/// the same photographs in the same run (Benchmarks/reference/detection_reference.py:
/// blobFromImage + setInput + forward, the plugin's work once a frame has arrived). Both
/// run OpenCV on one thread (the plugin's default, OpenCVThreads). Goal: the plugin
/// within 1.05× of Python, i.e. it adds nothing a person could notice.
func detectionBenchmarks(staged: URL) throws {
    print("")
    print("Detection (issue 34): SSD MobileNetV2 COCO, one frame, the plugin against OpenCV's Python binding")
    let python = "/usr/bin/python3"
    let script = RepositoryPaths.root.appendingPathComponent("Benchmarks/reference/detection_reference.py").path
    let models = staged.appendingPathComponent("models/ssd-mobilenet-v2-coco")
    let model = models.appendingPathComponent("frozen_inference_graph.pb").path
    let graph = models.appendingPathComponent("ssd_mobilenet_v2_coco_2018_03_29.pbtxt").path
    guard FileManager.default.isReadableFile(atPath: model) else {
        report("  detection", "skipped: \(model) is missing (scripts/deps.sh installs it)")
        return
    }
    guard let probe = try? ProcessRunner.run(python, ["-c", "import cv2"], timeout: 60), probe.status == 0 else {
        report("  detection", "skipped: OpenCV's Python binding is not installed for \(python) (Debian: python3-opencv; scripts/deps.sh)")
        return
    }
    let rounds = 10
    let work = try TemporaryDirectory("sensebridge-bench-detection")
    let names = ["astronaut", "camera", "chelsea", "coffee"]
    let photos = names.map { RepositoryPaths.fixtures.appendingPathComponent("images/photos/\($0).png").path }
    var frames: [ImageFrame] = []
    for (name, photo) in zip(names, photos) {
        let raw = work.file("\(name).rgb")
        let decoded = try ProcessRunner.run(python, [script, "rgb", photo, raw.path], timeout: 60)
        guard decoded.status == 0 else { throw MeasuredRun.Failed(description: "decoding \(photo): \(decoded.standardError)") }
        frames.append(try rgbFrame(Data(contentsOf: raw)))
    }

    let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: staged, origin: .build)]))
    let manifest = try host.manifest(id: "org.sensebridge.object-detector")
    func pluginMicroseconds(_ detector: PerceiverInstance) throws -> [Double] {
        try frames.map { frame in
            _ = try detector.perceive(frame, timestampNanoseconds: 0, locale: "en", deadline: .max)  // OpenCV sets up its layers
            var samples: [Double] = []
            for _ in 0..<rounds {
                let started = MonotonicClock.nanoseconds()
                _ = try detector.perceive(frame, timestampNanoseconds: 0, locale: "en", deadline: .max)
                samples.append(Double(MonotonicClock.nanoseconds() - started) / 1000)
            }
            return median(samples)
        }
    }
    func pythonMicroseconds() throws -> [Double] {
        let run = try ProcessRunner.run(python, [script, model, graph, "time", String(rounds), "1"] + photos, timeout: 600)
        struct Output: Decodable { var microsecondsPerFrame: [String: Double] }
        guard run.status == 0, let output = try? JSONDecoder().decode(Output.self, from: Data(run.standardOutput.utf8)) else {
            throw MeasuredRun.Failed(description: "detection_reference.py: \(run.standardError)")
        }
        return names.map { output.microsecondsPerFrame["\($0).png"] ?? .nan }
    }
    // Three turns, each side in every turn, and the median of the turns: on a shared
    // machine the load changes within seconds, and must fall on all three sides alike.
    let detectors = [try host.perceiver(manifest, placement: Placement(isolated: false)),
                     try host.perceiver(manifest, placement: Placement(isolated: true))]
    var turns: [[[Double]]] = []  // turn → side (in process, isolated, Python) → image
    for _ in 0..<3 {
        turns.append([try pluginMicroseconds(detectors[0]), try pluginMicroseconds(detectors[1]), try pythonMicroseconds()])
    }
    let sides = (0..<3).map { side in names.indices.map { image in median(turns.map { $0[side][image] }) } }
    let (inProcess, isolated, reference) = (sides[0], sides[1], sides[2])
    for (index, name) in names.enumerated() {
        report("  \(name) \(frames[index].width)x\(frames[index].height): in process / isolated / Python",
               "\(format(inProcess[index] / 1000)) / \(format(isolated[index] / 1000)) / \(format(reference[index] / 1000)) ms  "
               + "(×\(format(inProcess[index] / reference[index], 2)), isolated ×\(format(isolated[index] / reference[index], 2)))")
    }
    let ratio = median(zip(inProcess, reference).map { $0 / $1 })
    let isolatedRatio = median(zip(isolated, reference).map { $0 / $1 })
    report("  per frame, median over the photographs", "plugin ×\(format(ratio, 2)) Python in process, ×\(format(isolatedRatio, 2)) isolated (goal ≤ 1.05)")
    try detectionThreadsBenchmarks(detector: manifest, host: host, frame: frames[names.firstIndex(of: "coffee")!])
}

/// b"SBRGB1", width and height as little-endian uint32, then the RGB rows.
private func rgbFrame(_ data: Data) throws -> ImageFrame {
    let bytes = [UInt8](data)
    guard bytes.count >= 14, Array(bytes[0..<6]) == Array("SBRGB1".utf8) else {
        throw MeasuredRun.Failed(description: "not an SBRGB1 frame")
    }
    func uint32(_ offset: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) } }
    let width = uint32(6), height = uint32(10)
    guard bytes.count == 14 + width * height * 3 else { throw MeasuredRun.Failed(description: "a short SBRGB1 frame") }
    return ImageFrame(format: .rgb24, width: width, height: height, pixels: Array(bytes[14...]))
}
