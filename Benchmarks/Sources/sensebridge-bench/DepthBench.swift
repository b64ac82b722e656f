import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Depth reduction per frame, beside the former algorithm and the NumPy reference, on
/// the same frames: the corridor the walk sample shows and random realistic scenes with
/// sensor faults, at a phone LiDAR's 256×192 and a depth camera's 640×480. Figures are
/// the mean over the frames of each frame's median time.
func depthBenchmarks() throws {
    let work = try TemporaryDirectory("sensebridge-bench-depth")
    let sizes = [(256, 192, 32), (640, 480, 8)]
    var framesBySize: [[DepthMap]] = []
    for (width, height, count) in sizes {
        let corridor = SyntheticDepthScene(width: width, height: height, pitchDegrees: 20, wall: 4).render().map
        framesBySize.append([corridor] + RealisticDepthScene.frames(count: count - 1, width: width, height: height).map { $0.render().map })
    }
    let frameFile = work.file("frames.bin")
    try DepthFrameFile.write(framesBySize.flatMap { $0 }, to: frameFile)
    let anchor = numpyAnchor(frameFile, work: work)

    var offset = 0
    for ((width, height, count), frames) in zip(sizes, framesBySize) {
        let reducer = DepthReducer()
        // Each frame timed on its own, as it arrives: just decoded, so in cache.
        let fast = frames.map { frame in microsecondsPerCall(iterations: 200) { _ = reducer.reduce(frame) } }.reduce(0, +) / Double(count)
        let former = frames.map { frame in microsecondsPerCall(iterations: 2) { _ = DepthReductionReference.reduce(frame) } }
            .reduce(0, +) / Double(count)
        let goal = width == 256 ? 10.0 : 50.0
        report("depth reduction \(width)×\(height), \(count) frames", "\(format(fast, 2)) µs/frame  (goal ≤ \(format(goal, 0)) µs)")
        report("  former: every pixel, full sort (baseline)", "\(format(former, 1)) µs/frame  (now ×\(format(former / fast, 0)) faster)")
        if let anchor, let numpy = anchor.microsecondsPerFrame["\(width)x\(height)"] {
            let agreeing = zip(frames, anchor.outcomes[offset..<(offset + count)]).filter { frame, theirs in
                theirs.agrees(with: reducer.reduce(frame))
            }.count
            report("  NumPy reference, same frames (anchor)",
                   "\(format(numpy, 1)) µs/frame  (ratio ×\(format(numpy / fast, 1)) faster; goal ≥ ×10; "
                       + "same outcome within 1 cm on \(agreeing) of \(count))")
        } else {
            report("  NumPy reference", "skipped: python3 with NumPy not found (`scripts/deps.sh --bench` installs it)")
        }
        offset += count
    }
}

/// What depth_reference.py printed.
private struct NumPyAnchor {
    struct Outcome {
        var nearest: Double?
        var failure: String?

        /// The same measured distance within 1 cm, or the same unmeasured case.
        func agrees(with ours: DepthReduction.Outcome) -> Bool {
            switch ours {
            case .measured(let reading): return nearest.map { abs($0 - reading.nearestMetres) <= 0.01 } ?? false
            case .couldNotMeasure(.onlyFloor): return failure == "onlyFloor"
            case .couldNotMeasure(.noValidSamples): return failure == "noValidSamples"
            case .couldNotMeasure(.noIntrinsics): return false
            }
        }
    }
    var microsecondsPerFrame: [String: Double]
    var outcomes: [Outcome]
}

private func numpyAnchor(_ frames: URL, work: TemporaryDirectory) -> NumPyAnchor? {
    guard let python = executableOnPath("python3", ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") else { return nil }
    let script = RepositoryPaths.root.appendingPathComponent("Benchmarks/reference/depth_reference.py").path
    guard let run = try? MeasuredRun.run(python, [script, frames.path, "50"], environment: ProcessInfo.processInfo.environment,
                                         outputFile: work.file("numpy.out")),
          run.status == 0, let data = run.standardOutput.data(using: .utf8),
          let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let perFrame = object["microsecondsPerFrame"] as? [String: Double],
          let outcomes = object["frames"] as? [[String: Any]] else { return nil }
    return NumPyAnchor(microsecondsPerFrame: perFrame, outcomes: outcomes.map {
        NumPyAnchor.Outcome(nearest: $0["nearest"] as? Double, failure: $0["failure"] as? String)
    })
}
