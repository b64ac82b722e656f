import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// What a person sees when the Kinect is not there, a recording is broken, or the device
/// goes away mid-walk: a reason at create, and a failure (never an end) after an unplug.
@Suite struct FreenectDeviceTests {
    static func createError(_ make: () throws -> SensingSourceInstance) -> PluginCallError? {
        do {
            _ = try make()
            return nil
        } catch let error as PluginCallError {
            return error
        } catch {
            Issue.record("expected a plugin error, got \(error)")
            return nil
        }
    }

    /// This machine has no Kinect (and a test must not depend on one being plugged in):
    /// the real libfreenect, in this process, must say so at create.
    @Test func withoutAKinectCreateFailsNamingTheReason() throws {
        _ = try RepositoryPaths.stagedManifest("freenect-source.json")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        let manifest = try host.manifest(id: "org.sensebridge.freenect-source")
        let error = Self.createError { try host.sensingSource(manifest, placement: Placement(isolated: false)) }
        #expect(error?.status == 7)  // SB_ERR_IO
        let message = error?.message ?? ""
        #expect(message.contains("No Kinect (v1) is connected") || message.contains("could not start USB"), "\(message)")
    }

    @Test func fakenectWithoutARecordingIsRefusedAtCreateNotExitedOn() throws {
        let directory = try TemporaryDirectory()
        let host = try Fakenect.host(replaying: nil, in: directory)
        let error = Self.createError {
            try host.sensingSource(try host.manifest(id: "org.sensebridge.freenect-source"), placement: Placement(isolated: true))
        }
        #expect(error?.message.contains("FAKENECT_PATH is not set") == true, "\(String(describing: error))")
    }

    /// fakenect itself would exit(1) on a missing file and read past a short one.
    @Test(arguments: ["truncated depth", "missing file", "short accelerometer"])
    func aBrokenRecordingFailsAtCreateNamingTheLineAndFile(_ damage: String) throws {
        let scene = try SyntheticScene("wall-ahead", ["--duration", "0.3", "--block", "8"])
        let index = try String(contentsOf: scene.recording.appendingPathComponent("INDEX.txt"), encoding: .utf8)
        let names = index.split(separator: "\n").map(String.init)
        let line: Int, expected: String
        switch damage {
        case "truncated depth":
            line = names.firstIndex { $0.hasPrefix("d-") }! + 1
            let file = scene.recording.appendingPathComponent(names[line - 1])
            try Data(try Data(contentsOf: file).prefix(1000)).write(to: file)
            expected = "holds 983 bytes after its header; a 640×480 11-bit frame needs 614400"
        case "missing file":
            line = names.count
            try FileManager.default.removeItem(at: scene.recording.appendingPathComponent(names[line - 1]))
            expected = "does not exist"
        default:
            line = names.firstIndex { $0.hasPrefix("a-") }! + 1
            try Data(repeating: 0, count: 6).write(to: scene.recording.appendingPathComponent(names[line - 1]))
            expected = "is 6 bytes; an accelerometer record is 12"
        }
        let host = try Fakenect.host(replaying: scene.recording, in: scene.directory)
        let error = Self.createError {
            try host.sensingSource(try host.manifest(id: "org.sensebridge.freenect-source"), placement: Placement(isolated: true))
        }
        let message = error?.message ?? ""
        #expect(message.contains("INDEX.txt line \(line): "), "\(message)")
        #expect(message.contains(expected), "\(message)")
    }

    /// An unplug is a failure on every later call, never the end of the stream: a walk
    /// that ended and a sensor that died must not sound the same.
    @Test func anUnplugFailsEveryLaterCallWithTheReason() throws {
        let scene = try SyntheticScene("wall-ahead", ["--duration", "0.3", "--block", "8"])
        let source = try Fakenect.source(scene, config: ["recordingEnd": .string("unplugged")])
        try source.start()
        defer { source.stop() }
        var frames = 0
        for call in 0..<(scene.truth.frames.count + 3) {
            do {
                switch try source.next(timeoutMilliseconds: 2000) {
                case .frame: frames += 1
                case .timedOut: continue
                case .endOfStream: Issue.record("call \(call): end of stream after an unplug")
                }
            } catch let error as PluginCallError {
                #expect(error.status == 7, "\(error)")  // SB_ERR_IO, on this call and every later one
                #expect(error.message.contains("unplugged"), "\(error.message)")
            }
        }
        #expect(frames == scene.truth.frames.count)
    }

    /// The session's existing handling of a failing source, on this plugin: said once,
    /// urgently enough to be heard, and the walk's state is held (never "clear").
    @Test func aSessionSaysOnceThatTheSensorStoppedWhenTheKinectIsUnplugged() throws {
        let scene = try SyntheticScene("wall-ahead", ["--duration", "0.5", "--block", "8"])
        let source = try Fakenect.source(scene, config: ["recordingEnd": .string("unplugged")])
        var configuration = AwarenessSession.Configuration()
        configuration.maximumSourceOutage = 1
        let deliveries = Deliveries()
        let fanOut = ProfileFanOut(targets: [], textFallback: { _ in })
        let summary = try AwarenessSession(source: source, pipeline: nil, fanOut: fanOut, configuration: configuration,
                                           observer: deliveries.append).run()
        let statuses = deliveries.all.filter { $0.message.signal == .status }.map(\.message.text)
        #expect(statuses == [Phrasing.status(.sessionStarted, locale: .en), Phrasing.sensorFailing(locale: .en),
                             Phrasing.status(.sessionStopped, locale: .en)])
        #expect(summary.sourceFailures == 1)
        #expect(summary.depthFrames == scene.truth.frames.count)
        #expect(!deliveries.all.contains { $0.message.signal == .awarenessClear }, "a lost sensor is never 'clear'")
        _ = fanOut.shutdown()
    }
}

/// Collects what a session delivered, from either of its threads.
/// Unchecked Sendable: `lock` guards `items`.
final class Deliveries: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [AwarenessSession.Delivery] = []
    func append(_ delivery: AwarenessSession.Delivery) { lock.withLock { items.append(delivery) } }
    var all: [AwarenessSession.Delivery] { lock.withLock { items } }
}
