import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// A walk with live detection: a source that gives depth maps and, every third frame, a
/// picture (a camera beside a depth sensor), and a C fixture perceiver that reports the
/// picture's dark band as a chair. Detection runs on its own thread (`LiveDetection`): the
/// depth loop reduces every depth frame whatever the detector does (Invariant 5), and a
/// detector that hangs or crashes is said once and survived (Invariant 9).
@Suite(.serialized) struct AwarenessLiveDetectionTests {
    let plugins: TemporaryDirectory

    /// 120 frames 25 ms apart (3 s): 80 depth maps at `metres`, 40 pictures.
    static let frames = 120, depthFrames = 80

    init() throws {
        plugins = try TemporaryDirectory()
        _ = try RepositoryPaths.stagedManifest("label-list-composer.json")
    }

    /// Created after the fixtures are built: a host reads the catalog when it starts.
    var host: PluginHost {
        PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine),
                                                          .init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
    }

    func source(metres: String) throws -> SensingSourceInstance {
        let id = "org.example.depth-and-camera-\(metres.replacingOccurrences(of: ".", with: "-"))"
        try FixturePlugin.make(in: plugins.url, name: "camera-\(metres)", id: id,
                               defines: ["FIXTURE_FRAME_COUNT": "\(Self.frames)", "FIXTURE_FRAME_US": "25000",
                                         "FIXTURE_DEPTH_WIDTH": "64", "FIXTURE_DEPTH_HEIGHT": "48",
                                         "FIXTURE_DEPTH_METRES": "\(metres)f", "FIXTURE_DEPTH_INTRINSICS": "1",
                                         "FIXTURE_IMAGE_EVERY": "3"],
                               manifest: ["kind": "sensing-source"], source: "fixture_source.c")
        let host = self.host
        return try host.sensingSource(try host.manifest(id: id))
    }

    /// A perceiver that sees a chair wherever the picture has a dark band; `defines` add defects.
    func detector(_ name: String, _ defines: [String: String] = [:]) throws -> PerceiverInstance {
        let id = "org.example.\(name)"
        try FixturePlugin.make(in: plugins.url, name: name, id: id,
                               defines: ["FIXTURE_ROW_US": "0", "FIXTURE_OBJECT_LABEL": "\"chair\""].merging(defines) { $1 },
                               manifest: ["kind": "perceiver", "capabilities": ["modalities": ["objects"]]],
                               source: "fixture_perceiver.c")
        let host = self.host
        return try host.perceiver(try host.manifest(id: id))
    }

    func walk(_ source: SensingSourceInstance, _ detector: PerceiverInstance, perceiveSeconds: Double = 10)
        throws -> (AwarenessSession.Summary, [AwarenessSession.Delivery]) {
        try walk(source, [detector], perceiveSeconds: perceiveSeconds)
    }

    func walk(_ source: SensingSourceInstance, _ detectors: [PerceiverInstance], perceiveSeconds: Double = 10)
        throws -> (AwarenessSession.Summary, [AwarenessSession.Delivery]) {
        let host = self.host
        let composer = try host.sceneComposer(try host.manifest(id: "org.sensebridge.label-list"))
        var configuration = AwarenessSession.Configuration()
        configuration.narrationInterval = 1
        configuration.detectionInterval = 0.2
        configuration.perceiveSeconds = perceiveSeconds
        let deliveries = AwarenessSessionTests.Deliveries()
        let session = AwarenessSession(source: source, pipeline: DescriptionPipeline(composer: composer, fallback: nil, locale: .en, detail: .standard),
                                       fanOut: AwarenessSessionTests.fanOut(), perceivers: detectors, configuration: configuration,
                                       observer: deliveries.append)
        let summary = try session.run()
        return (summary, deliveries.all)
    }

    @Test("what the camera sees is confirmed by two passes and described with the distance under its box, and every depth frame is reduced")
    func aDetectedThingIsDescribed() throws {
        let (summary, deliveries) = try walk(try source(metres: "2.0"), try detector("chairs"))
        let descriptions = deliveries.filter { $0.message.signal == .description }.map(\.message.text)
        // The chair's box over the depth map of the same moment (2 m everywhere): measured.
        #expect(descriptions == ["It looks like there's a chair, about 2 metres away."], "\(descriptions)")
        #expect(summary.depthFrames == Self.depthFrames)
        #expect(!deliveries.contains { $0.message.text == Phrasing.status(.perceiverStopped(.sight), locale: .en) })
    }

    @Test("a detector that hangs costs descriptions, never a depth frame or an alert's turn; its stop is said once")
    func aHangingDetectorIsSaidOnce() throws {
        // 200 rows × 100 ms, deaf to cancel: a pass would take 20 s; it is given 0.5 s.
        let (summary, deliveries) = try walk(try source(metres: "1.0"),
                                             try detector("hanging", ["FIXTURE_ROW_US": "100000", "FIXTURE_IGNORE_CANCEL": "1"]),
                                             perceiveSeconds: 0.5)
        let stopped = Phrasing.status(.perceiverStopped(.sight), locale: .en)
        #expect(deliveries.filter { $0.message.text == stopped }.count == 1, "\(deliveries.map(\.message.text))")
        #expect(summary.depthFrames == Self.depthFrames)
        // The alert came at the first depth frame, before the detector was even given up on.
        let alert = try #require(deliveries.first { $0.message.signal == .awarenessAlert })
        let stop = try #require(deliveries.first { $0.message.text == stopped })
        #expect(alert.message.sequence < stop.message.sequence)
        #expect(!deliveries.contains { $0.message.signal == .description && $0.message.text.contains("chair") })
    }

    @Test("a detector that crashes on every picture is said once, however often it is restarted, and the walk goes on")
    func aCrashingDetectorIsSaidOnce() throws {
        let (summary, deliveries) = try walk(try source(metres: "2.0"), try detector("crashing", ["FIXTURE_CRASH_PERCEIVE": "1"]))
        let stopped = Phrasing.status(.perceiverStopped(.sight), locale: .en)
        #expect(deliveries.filter { $0.message.text == stopped }.count == 1, "\(deliveries.map(\.message.text))")
        #expect(summary.depthFrames == Self.depthFrames)
        #expect(deliveries.last?.message.text == Phrasing.status(.sessionStopped, locale: .en))
        // No pass was fed: nothing was confirmed, so nothing is named and, the stabiliser
        // never having settled, "nothing recognized" is not claimed either.
        #expect(!deliveries.contains { $0.message.signal == .description }, "\(deliveries.map(\.message.text))")
    }

    /// Invariant 7: with two detectors, one crashing on every picture, the working one
    /// does not say sight is back after each pass, only for the crashing one to say it
    /// stopped again.
    @Test("with two detectors, one that crashes on every picture is said stopped once, and sight never said back")
    func aCrashingDetectorBesideAWorkingOneIsSaidOnce() throws {
        let (_, deliveries) = try walk(try source(metres: "2.0"),
                                       [try detector("working"), try detector("crashing", ["FIXTURE_CRASH_PERCEIVE": "1"])])
        let said = deliveries.map(\.message.text)
        #expect(said.filter { $0 == Phrasing.status(.perceiverStopped(.sight), locale: .en) }.count == 1, "\(said)")
        #expect(!said.contains(Phrasing.status(.perceiverReturned(.sight), locale: .en)), "\(said)")
    }
}
