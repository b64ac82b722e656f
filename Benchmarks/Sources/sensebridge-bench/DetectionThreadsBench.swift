import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// Why the object detector runs OpenCV on one thread by default (OpenCVThreads): a walk's
/// depth loop, here a thread that reduces a 640×480 depth frame every 33 ms on its own
/// schedule, timed from when each frame was due to when it was reduced, alone and while
/// the detector (isolated, as by default) looks at a photograph over and over with 1 and
/// with 2 OpenCV threads. Invariant 5: the depth cadence never waits.
func detectionThreadsBenchmarks(detector manifest: PluginManifest, host: PluginHost, frame: ImageFrame) throws {
    let depth = SyntheticDepthScene(width: 640, height: 480, pitchDegrees: 20, wall: 4).render().map
    let seconds = 8.0
    func depthLoop(while running: () -> Bool) -> [Double] {
        let reducer = DepthReducer()
        var late: [Double] = []
        var due = MonotonicClock.nanoseconds()
        while running() {
            due += 33_000_000
            let now = MonotonicClock.nanoseconds()
            if due > now { usleep(UInt32((due - now) / 1000)) }
            _ = reducer.reduce(depth)
            late.append(Double(MonotonicClock.nanoseconds() &- due) / 1e6)
        }
        return late
    }
    func measure(threads: Int?) throws -> (depth: [Double], detection: [Double]) {
        guard let threads else {
            let end = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
            return (depthLoop { MonotonicClock.nanoseconds() < end }, [])
        }
        let detector = try host.perceiver(manifest, config: ["threads": .number(Double(threads))], placement: Placement(isolated: true))
        _ = try detector.perceive(frame, timestampNanoseconds: 0, locale: "en", deadline: .max)
        let running = Locked(true)
        let detections = Locked<[Double]>([])
        let call = CallOnAnotherThread {
            while running.withLock({ $0 }) {
                let started = MonotonicClock.nanoseconds()
                _ = try detector.perceive(frame, timestampNanoseconds: 0, locale: "en", deadline: .max)
                detections.withLock { $0.append(Double(MonotonicClock.nanoseconds() - started) / 1e6) }
            }
        }
        let end = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        let late = depthLoop { MonotonicClock.nanoseconds() < end }
        running.withLock { $0 = false }
        if let error = try call.wait(seconds: 60) { throw error }
        return (late, detections.withLock { $0 })
    }
    func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
    for threads in [nil, 1, 2] {
        let (late, detection) = try measure(threads: threads)
        let name = threads.map { "detecting on \($0) thread\($0 == 1 ? "" : "s")" } ?? "alone"
        let detected = detection.isEmpty ? "" : "; detection p50 \(format(percentile(detection, 0.5))) ms, p90 \(format(percentile(detection, 0.9))) ms"
        report("  depth every 33 ms, \(name)",
               "reduced p50 \(format(percentile(late, 0.5), 2)) ms, p99 \(format(percentile(late, 0.99), 2)) ms after due\(detected)")
    }
}
