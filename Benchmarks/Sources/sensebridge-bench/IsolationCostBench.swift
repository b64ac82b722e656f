import Foundation
import SenseBridgeCore
@_spi(Measuring) import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// What a call costs wherever its plugin runs, side by side in one run: straight into the
/// C table on the caller's thread (the baseline), in process behind the instance's call
/// thread, and isolated in a runner process (frames through the shared ring, the rest on
/// the pipe). The same public instance serves all three; only its backend differs.
///
/// The frames are the ones a walk, a reading and continuous listening hand across: a
/// 256x192 depth map and a 640x480 RGB picture from a source, one second of 16 kHz sound
/// from a source, the same picture and sound handed to a perceiver, then one render of a
/// sentence and one composition of the kitchen scene. Goals (docs/ISOLATION.md): a depth
/// frame < 100 µs over the direct call, a picture or a second of sound < 200 µs over it,
/// render and compose isolated within 1.5× in process.
@MainActor func isolationCostBenchmarks(staged: URL) throws {
    let work = try TemporaryDirectory("sensebridge-isolation-cost")
    let endless = "1000000000"
    try FixturePlugin.make(in: work.url, name: "depth-source", id: "org.sensebridge.bench.depth-source",
                           defines: ["FIXTURE_DEPTH_WIDTH": "256", "FIXTURE_DEPTH_HEIGHT": "192", "FIXTURE_FRAME_COUNT": endless],
                           manifest: ["kind": "sensing-source"], source: "fixture_source.c")
    try FixturePlugin.make(in: work.url, name: "camera-source", id: "org.sensebridge.bench.camera-source",
                           defines: ["FIXTURE_IMAGE_EVERY": "1", "FIXTURE_IMAGE_WIDTH": "640", "FIXTURE_IMAGE_HEIGHT": "480",
                                     "FIXTURE_IMAGE_RGB": "1", "FIXTURE_FRAME_COUNT": endless],
                           manifest: ["kind": "sensing-source"], source: "fixture_source.c")
    try FixturePlugin.make(in: work.url, name: "microphone", id: "org.sensebridge.bench.microphone",
                           defines: ["FIXTURE_AUDIO": "1", "FIXTURE_AUDIO_BLOCK_MS": "1000", "FIXTURE_FRAME_COUNT": endless],
                           manifest: ["kind": "sensing-source", "capabilities": ["modalities": ["audio"]]], source: "fixture_source.c")
    try FixturePlugin.make(in: work.url, name: "reader", id: "org.sensebridge.bench.reader", defines: ["FIXTURE_ROW_US": "0"],
                           manifest: ["kind": "perceiver"], source: "fixture_perceiver.c")
    try FixturePlugin.make(in: work.url, name: "listener", id: "org.sensebridge.bench.listener",
                           defines: ["FIXTURE_SOUND_LABEL": "\"doorbell\""],
                           manifest: ["kind": "perceiver", "capabilities": ["modalities": ["sounds"], "audioInput": ["sampleRate": 16000, "channels": 1]]],
                           source: "fixture_perceiver.c")
    try FixturePlugin.make(in: work.url, name: "recorder", id: "org.sensebridge.bench.recorder",
                           manifest: ["config": ["defaults": ["path": ""], "schema": ["path": ["type": "string"]]]],
                           source: "recording_target.c")
    let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: work.url, origin: .commandLine),
                                                                 .init(directory: staged, origin: .build)]))
    let scene = try RecordsFile.parse(Data(contentsOf: RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")),
                                      name: "kitchen")
    let detail = SpokenDetail.standard
    let picture = ImageFrame(format: .rgb24, width: 640, height: 480,
                             pixels: (0..<640 * 480 * 3).map { $0 / 3 / 640 % 100 < 30 ? 0 : 255 })
    let second = AudioBlock(sampleRate: 16000, channels: 1, samples: (0..<16000).map { $0 / 18 % 2 == 0 ? 0.5 : -0.5 },
                            firstSampleNanoseconds: 1, continuesPrevious: false)
    let sentence = OutputMessage(signal: .description, text: "It looks like there's a chair and a door.")

    enum Where: CaseIterable { case direct, inProcess, isolated }
    func placement(_ side: Where) -> Placement { Placement(isolated: side == .isolated) }

    /// Microseconds per call for each side, made by `make` and called by `call`.
    func sides<Instance>(_ iterations: Int, _ make: (Where) throws -> Instance,
                         _ call: (Instance) throws -> Void) throws -> [Double] {
        try Where.allCases.map { side in
            let instance = try make(side)
            return try withExtendedLifetime(instance) { try microsecondsPerCall(iterations: iterations) { try call(instance) } }
        }
    }

    func frames(_ id: String, _ iterations: Int) throws -> [Double] {
        let manifest = try host.manifest(id: id)
        return try sides(iterations, { side -> SensingSourceInstance in
            let source = side == .direct ? try host.directSensingSource(manifest) : try host.sensingSource(manifest, placement: placement(side))
            try source.start()
            return source
        }, { source in
            guard case .frame = try source.next(timeoutMilliseconds: 5000) else { throw BenchFailure("\(id) gave no frame") }
        })
    }

    func perceptions(_ id: String, _ input: PerceptionInput, _ iterations: Int) throws -> [Double] {
        let manifest = try host.manifest(id: id)
        return try sides(iterations, { side in
            side == .direct ? try host.directPerceiver(manifest) : try host.perceiver(manifest, placement: placement(side))
        }, { perceiver in
            _ = try perceiver.perceive(input, timestampNanoseconds: 1, locale: "en", deadline: .max)
        })
    }

    let recorder = try host.manifest(id: "org.sensebridge.bench.recorder")
    let labelList = try host.manifest(id: "org.sensebridge.label-list")
    let rows: [(name: String, figures: [Double], goal: Goal)] = [
        ("256x192 depth frame, next_frame", try frames("org.sensebridge.bench.depth-source", 500), .overDirect(100)),
        ("640x480 RGB picture, next_frame", try frames("org.sensebridge.bench.camera-source", 300), .overDirect(200)),
        ("1 s of 16 kHz sound, next_frame", try frames("org.sensebridge.bench.microphone", 500), .overDirect(200)),
        ("640x480 RGB picture, perceive", try perceptions("org.sensebridge.bench.reader", .image(picture), 300), .overDirect(200)),
        ("1 s of 16 kHz sound, perceive", try perceptions("org.sensebridge.bench.listener", .audio(second), 500), .overDirect(200)),
        ("render one sentence", try sides(2000, { side in
            let path = ["path": JSONValue.string(work.file("render-\(side).txt").path)]
            return side == .direct ? try host.directRenderTarget(recorder, config: path)
                : try host.renderTarget(recorder, config: path, placement: placement(side))
        }, { try $0.render(sentence) }), .overInProcess(1.5)),
        ("label-list compose, kitchen scene", try sides(2000, { side in
            side == .direct ? try host.directComposer(labelList) : try host.sceneComposer(labelList, placement: placement(side))
        }, { composer in
            _ = try composer.compose(records: scene, locale: "en", maximumWords: detail.maximumPhraseWords(labelCount: detail.maximumLabels),
                                     maximumLabels: detail.maximumLabels, deadline: .max)
        }), .overInProcess(1.5)),
    ]
    report("isolation, per call: direct / in process / isolated", "(µs; isolated over direct; goal)")
    for row in rows {
        let (direct, inProcess, isolated) = (row.figures[0], row.figures[1], row.figures[2])
        report("  \(row.name)", "\(format(direct)) / \(format(inProcess)) / \(format(isolated)) µs  "
                   + "(+\(format(isolated - direct)) µs, isolated ×\(format(isolated / inProcess, 2)) in process; \(row.goal.judge(direct, inProcess, isolated)))")
    }
}

/// A goal from issue 37, judged on one run's figures.
private enum Goal {
    /// Isolated at most this many microseconds over the direct call.
    case overDirect(Double)
    /// Isolated at most this many times the in-process figure.
    case overInProcess(Double)

    func judge(_ direct: Double, _ inProcess: Double, _ isolated: Double) -> String {
        switch self {
        case .overDirect(let bound):
            return "goal < \(format(bound, 0)) µs over direct: " + (isolated - direct < bound ? "met" : "not met")
        case .overInProcess(let ratio):
            return "goal ≤ ×\(format(ratio, 1)) in process: " + (isolated <= ratio * inProcess ? "met" : "not met")
        }
    }
}

private struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
