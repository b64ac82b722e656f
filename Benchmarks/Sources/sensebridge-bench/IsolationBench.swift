import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeTesting

/// What running a plugin in process gains over the default, isolated: the same compose,
/// render and depth frame both ways, side by side. docs/ISOLATION.md quotes these figures
/// as the measured gain a person trades crash safety for (`make bench SECTION=latency`).
@MainActor func isolationCostBenchmarks(host: PluginHost, scene: [PerceptionRecord]) throws {
    let detail = SpokenDetail.standard
    let work = try TemporaryDirectory("sensebridge-bench-isolation")
    let composerManifest = try host.manifest(id: "org.sensebridge.label-list")
    func composeCost(_ placement: Placement) throws -> Double {
        let composer = try host.sceneComposer(composerManifest, placement: placement)
        return try microsecondsPerCall(iterations: 2000) {
            _ = try composer.compose(records: scene, locale: "en", maximumWords: detail.maximumPhraseWords(labelCount: detail.maximumLabels),
                                     maximumLabels: detail.maximumLabels, deadline: .max)
        }
    }
    let composeIn = try composeCost(Placement(isolated: false))
    let composeApart = try composeCost(Placement(isolated: true))
    report("isolation: label-list compose, in process", "\(format(composeIn)) µs/call  (\(format(1e6 / composeIn, 0)) calls/s)")
    report("isolation: label-list compose, isolated", "\(format(composeApart)) µs/call  (\(format(1e6 / composeApart, 0)) calls/s, "
           + "+\(format(composeApart - composeIn)) µs, ×\(format(composeApart / composeIn, 2)))")

    try FixturePlugin.make(in: work.url, name: "recorder", id: "org.sensebridge.recording-target",
                           manifest: ["config": ["defaults": ["path": ""], "schema": ["path": ["type": "string"]]]],
                           source: "recording_target.c")
    try FixturePlugin.make(in: work.url, name: "depth-source", id: "org.sensebridge.depth-source",
                           defines: ["FIXTURE_DEPTH_WIDTH": "256", "FIXTURE_DEPTH_HEIGHT": "192", "FIXTURE_FRAME_COUNT": "1000000"],
                           manifest: ["kind": "sensing-source"], source: "fixture_source.c")
    let fixtures = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: work.url, origin: .commandLine)]))
    let message = OutputMessage(signal: .description, text: "It looks like there's a chair and a door.")
    func renderCost(_ placement: Placement, _ name: String) throws -> Double {
        let target = try fixtures.renderTarget(try fixtures.manifest(id: "org.sensebridge.recording-target"),
                                               config: ["path": .string(work.file(name).path)], placement: placement)
        return try microsecondsPerCall(iterations: 2000) { try target.render(message) }
    }
    let renderIn = try renderCost(Placement(isolated: false), "render-in.txt")
    let renderApart = try renderCost(Placement(isolated: true), "render-apart.txt")
    report("isolation: render one sentence, in process", "\(format(renderIn)) µs/call  (\(format(1e6 / renderIn, 0)) calls/s)")
    report("isolation: render one sentence, isolated", "\(format(renderApart)) µs/call  (+\(format(renderApart - renderIn)) µs per call, "
           + "×\(format(renderApart / renderIn, 2)); goal < 200)")

    func frameCost(_ placement: Placement) throws -> Double {
        let source = try fixtures.sensingSource(try fixtures.manifest(id: "org.sensebridge.depth-source"), placement: placement)
        try source.start()
        defer { source.stop() }
        return try microsecondsPerCall(iterations: 500) { _ = try source.next(timeoutMilliseconds: 1000) }
    }
    let frameIn = try frameCost(Placement(isolated: false))
    let frameApart = try frameCost(Placement(isolated: true))
    report("isolation: 256x192 depth frame, in process", "\(format(frameIn)) µs/frame")
    report("isolation: 256x192 depth frame, isolated", "\(format(frameApart)) µs/frame  (+\(format(frameApart - frameIn)) µs crossing the pipe; goal < 100)")
}
