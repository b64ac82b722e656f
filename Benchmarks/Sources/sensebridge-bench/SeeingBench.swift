import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// What seeing costs a person, side by side in one run:
///
/// - `describe PHOTO` as a person runs it (the whole process, to the first sentence on
///   stdout), beside `describe --records` of the same kind of moment with no picture to
///   perceive: the difference is what looking at the picture costs;
/// - a walk with live detection against the same walk without it: alert latency (frame →
///   render call, p50 and p99; goal: unchanged, p99 < 1 ms) and the CPU the detector takes
///   as a share of one core. The source is a C fixture giving a 64×48 depth map every
///   10 ms whose obstacle blinks (an alert every fourth map) and, every third frame, a
///   picture; the detector is the shipped one, isolated as by default, at the walk's
///   default pace (a pass at most once a second).
@MainActor func seeingBenchmarks(staged: URL, installed: InstalledLayout?) throws {
    if let installed {
        let photo = RepositoryPaths.root.appendingPathComponent("samples/photo-coffee.png").path
        let records = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl").path
        let seeing = try (0..<3).map { _ in try installed.run(["describe", photo, "--no-render"], firstByte: true) }
        let baseline = try (0..<3).map { _ in try installed.run(["describe", "--records", records, "--no-render"], firstByte: true) }
        let first = median(seeing.compactMap(\.firstByteSeconds)), base = median(baseline.compactMap(\.firstByteSeconds))
        report("describe PHOTO, to the first sentence (median of 3)",
               "\(format(first * 1000)) ms, CPU \(format(median(seeing.map(\.cpuSeconds)) * 1000)) ms")
        report("describe --records, no picture (baseline)",
               "\(format(base * 1000)) ms  (the picture costs \(format((first - base) * 1000)) ms)")
    }

    let work = try TemporaryDirectory("sensebridge-seeing")
    try FixturePlugin.make(in: work.url, name: "recorder", id: "org.sensebridge.recording-target",
                           manifest: ["config": ["defaults": ["path": ""], "schema": ["path": ["type": "string"]]]],
                           source: "recording_target.c")
    try FixturePlugin.make(in: work.url, name: "camera-beside-depth", id: "org.example.camera-beside-depth",
                           defines: ["FIXTURE_FRAME_COUNT": "900", "FIXTURE_FRAME_US": "10000", "FIXTURE_DEPTH_WIDTH": "64",
                                     "FIXTURE_DEPTH_HEIGHT": "48", "FIXTURE_DEPTH_METRES": "1.0f", "FIXTURE_DEPTH_BLINK": "1",
                                     "FIXTURE_DEPTH_INTRINSICS": "1", "FIXTURE_IMAGE_EVERY": "3"],
                           manifest: ["kind": "sensing-source"], source: "fixture_source.c")
    let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: work.url, origin: .commandLine),
                                                                 .init(directory: staged, origin: .build)]))
    let inProcess = Placement(isolated: false)
    var cpuShares: [String: Double] = [:]
    // The detector isolated, as it runs by default, and in process, where getrusage sees
    // its threads (an isolated runner's CPU is not counted until it is reaped).
    for (label, detecting, placement) in [("without (baseline)", false, inProcess), ("with detection, isolated", true, Placement()),
                                          ("with detection, in process", true, inProcess)] {
        let recorder = try host.manifest(id: "org.sensebridge.recording-target")
        let targets = try ["speech", "haptics"].map { name in
            (name: name, instance: try host.renderTarget(recorder, config: ["path": .string(work.file("\(name)-\(label).txt").path)],
                                                         placement: inProcess))
        }
        let fan = ProfileFanOut(targets: targets, textFallback: { _ in })
        // In a scope of its own: the session and the detector are released before the
        // figures are read. The clocks start once the detector has loaded its model: the
        // figure is what detecting costs a walk, not what starting does.
        var cpuBefore = 0.0, started: UInt64 = 0
        let summary = try { () throws -> AwarenessSession.Summary in
            let source = try host.sensingSource(try host.manifest(id: "org.example.camera-beside-depth"), placement: inProcess)
            let composer = try host.sceneComposer(try host.manifest(id: "org.sensebridge.label-list"), placement: inProcess)
            let perceivers = detecting ? [try host.perceiver(try host.manifest(id: "org.sensebridge.object-detector"), placement: placement)] : []
            var configuration = AwarenessSession.Configuration()
            configuration.narrationInterval = 2
            let session = AwarenessSession(source: source, pipeline: DescriptionPipeline(composer: composer, fallback: nil, locale: .en,
                                                                                         detail: .standard),
                                           fanOut: fan, perceivers: perceivers, configuration: configuration)
            cpuBefore = processTreeCPUSeconds()
            started = MonotonicClock.nanoseconds()
            return try session.run()
        }()
        let wall = Double(MonotonicClock.nanoseconds() - started) / 1e9
        _ = fan.drain(timeout: 30)
        let cpu = processTreeCPUSeconds() - cpuBefore
        cpuShares[label] = cpu / wall
        for (target, latency) in fan.renderLatency(of: .awarenessAlert) {
            guard let p50 = latency.quantile(0.5), let p99 = latency.quantile(0.99) else { continue }
            report("walk alert → \(target) render, \(label)",
                   "p50 \(format(Double(p50) / 1000)) µs, p99 \(format(Double(p99) / 1000)) µs over \(latency.count) alerts (goal p99 < 1000 µs)")
        }
        report("  that walk: depth frames, alerts, CPU", "\(summary.depthFrames), \(summary.alertsRaised), \(format(cpu / wall * 100)) % of one core")
        _ = fan.shutdown()
    }
    if let with = cpuShares["with detection, in process"], let without = cpuShares["without (baseline)"] {
        report("CPU live detection takes", "\(format((with - without) * 100)) % of one core (a pass a second)")
    }
}

/// User and system seconds of this process (all its threads) and of every child it has
/// reaped.
func processTreeCPUSeconds() -> Double {
    func seconds(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    return seconds(RUSAGE_SELF.rawValue) + seconds(RUSAGE_CHILDREN.rawValue)
}
