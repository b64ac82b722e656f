import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// Alert latency, frame → render call, isolated (as every plugin runs by default) and in
/// process (as a profile or `--in-process` may ask): a walk whose obstacle comes and goes
/// every other frame (so every fourth frame raises an alert) at 100 frames a second, at
/// recorded pace, through the shipped replay source and two C recording targets — once
/// with the label-list composer, once with a composer that takes 3 s, longer than the
/// walk. The same figure `walk --stats` prints; Invariant 5 says the second run's must
/// not grow.
@MainActor func alertLatencyBenchmarks(staged: URL) throws {
    let work = try TemporaryDirectory("sensebridge-latency")
    try FixturePlugin.make(in: work.url, name: "recorder", id: "org.sensebridge.recording-target",
                           manifest: ["config": ["defaults": ["path": ""], "schema": ["path": ["type": "string"]]]],
                           source: "recording_target.c")
    try FixturePlugin.make(in: work.url, name: "slow", id: "org.example.slow-composer",
                           defines: ["FIXTURE_COMPOSE_DELAY_MS": "3000"], manifest: ["kind": "scene-composer"],
                           source: "fixture_composer.c")
    let recording = try work.write("blinking.recording.jsonl", blinkingObstacle(frames: 400, spacing: 0.01))
    let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: work.url, origin: .commandLine),
                                                                 .init(directory: staged, origin: .build)]))
    let composers = [("label-list composer", "org.sensebridge.label-list"), ("a composer taking 3 s", "org.example.slow-composer")]
    for (side, placement) in [("isolated", Placement(isolated: true)), ("in process", Placement(isolated: false))] {
        for (composerLabel, composerID) in composers {
            let label = "\(composerLabel), \(side)"
            let source = try host.sensingSource(try host.manifest(id: "org.sensebridge.replay-source"),
                                                config: ["path": .string(recording.path), "pace": .string("recorded")], placement: placement)
            let recorder = try host.manifest(id: "org.sensebridge.recording-target")
            let targets = try ["speech", "haptics"].map { name in
                (name: name, instance: try host.renderTarget(recorder, config: ["path": .string(work.file("\(name)-\(composerID)-\(side).txt").path)],
                                                             placement: placement))
            }
            let fan = ProfileFanOut(targets: targets, textFallback: { _ in })
            let composer = try host.sceneComposer(try host.manifest(id: composerID), placement: placement)
            var configuration = AwarenessSession.Configuration()
            configuration.narrationInterval = 0.5
            let session = AwarenessSession(source: source, pipeline: DescriptionPipeline(composer: composer, fallback: nil, locale: .en,
                                                                                         detail: .standard),
                                           fanOut: fan, configuration: configuration)
            let summary = try session.run()
            _ = fan.drain(timeout: 30)
            for (target, latency) in fan.renderLatency(of: .awarenessAlert) {
                guard let p50 = latency.quantile(0.5), let p99 = latency.quantile(0.99) else { continue }
                report("alert frame → render call, \(target), \(label)",
                       "p50 \(format(Double(p50) / 1000)) µs, p99 \(format(Double(p99) / 1000)) µs, max \(format(Double(latency.maximum) / 1000)) µs "
                           + "over \(latency.count) alerts (goal p99 < 1000 µs)")
            }
            report("  that walk: alerts / ticks finding the composer busy", "\(summary.alertsRaised) / \(summary.ticksSkipped)")
            _ = fan.shutdown()
        }
    }
}

/// Depth frames `spacing` seconds apart whose only object stands 1 m ahead for two
/// frames and 3 m ahead for the next two, with a records frame every half second.
private func blinkingObstacle(frames: Int, spacing: Double) -> String {
    var lines = [#"{"schema": "sensebridge.recording/1"}"#]
    for index in 0..<frames {
        let time = Double(index) * spacing
        let metres = Array(repeating: index % 4 < 2 ? "1.0" : "3.0", count: 48).joined(separator: ",")
        lines.append(#"{"time": \#(time), "depth": {"width": 8, "height": 6, "metres": [\#(metres)], "intrinsics": [6, 6, 3.5, 2.5]}}"#)
        if index % 50 == 25 {
            lines.append(#"{"time": \#(time + spacing / 2), "records": [{"kind": "object", "label": "door", "confidence": 0.9}]}"#)
        }
    }
    return lines.joined(separator: "\n") + "\n"
}
