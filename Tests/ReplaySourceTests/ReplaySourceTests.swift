import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The replay source loaded from its built library, as any host would load it.
@Suite struct ReplaySourceTests {
    let host: PluginHost
    let manifest: PluginManifest
    static let sample = RepositoryPaths.root.appendingPathComponent("samples/corridor.recording.jsonl")

    init() throws {
        _ = try RepositoryPaths.stagedManifest("replay-source.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: "org.sensebridge.replay-source")
    }

    func source(_ path: URL = sample, pace: String = "fast") throws -> SensingSourceInstance {
        try host.sensingSource(manifest, config: ["path": .string(path.path), "pace": .string(pace)])
    }

    func drain(_ source: SensingSourceInstance) throws -> [SensingSourceInstance.Frame] {
        var frames: [SensingSourceInstance.Frame] = []
        while true {
            switch try source.next(timeoutMilliseconds: 1000) {
            case .frame(let frame): frames.append(frame)
            case .timedOut: Issue.record("a fast replay timed out"); return frames
            case .endOfStream: return frames
            }
        }
    }

    @Test func replaysEveryFrameInOrderThenStaysEnded() throws {
        let expected = try Recording.parse(Data(contentsOf: Self.sample), name: "sample")
        let source = try source()
        try source.start()
        let frames = try drain(source)
        #expect(frames.count == expected.frames.count)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.timestampNanoseconds < $1.timestampNanoseconds })
        guard case .depth(let first) = frames[0].content else { Issue.record("first frame is not depth"); return }
        #expect(first.width == 32 && first.height == 24)
        #expect(first.intrinsics != nil)
        guard case .depth(let recorded) = expected.frames[0].content else { Issue.record("sample starts without depth"); return }
        #expect(first.metres.map(\.bitPattern) == recorded.metres.map(\.bitPattern), "samples cross the C boundary bit for bit")
        for _ in 0..<3 {
            guard case .endOfStream = try source.next(timeoutMilliseconds: 10) else { Issue.record("end of stream did not stay"); return }
        }
    }

    @Test func stopRefusesFramesAndStartBeginsANewRun() throws {
        let source = try source()
        #expect(throws: PluginCallError.self) { try source.next(timeoutMilliseconds: 10) }
        try source.start()
        guard case .frame(let first) = try source.next(timeoutMilliseconds: 10) else { Issue.record("no frame"); return }
        source.stop()
        do {
            _ = try source.next(timeoutMilliseconds: 10)
            Issue.record("a stopped source handed out a frame")
        } catch let error as PluginCallError {
            #expect(error.status == 9)  // SB_ERR_NOT_STARTED
        }
        try source.start()
        guard case .frame(let again) = try source.next(timeoutMilliseconds: 10) else { Issue.record("no frame after restart"); return }
        #expect(again.runID != first.runID)
    }

    @Test func recordedPaceTimesOutBeforeAFrameIsDue() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("late.jsonl", #"{"time": 0, "records": []}"# + "\n" + #"{"time": 30, "records": []}"#)
        let source = try source(file, pace: "recorded")
        try source.start()
        guard case .frame = try source.next(timeoutMilliseconds: 1000) else { Issue.record("no first frame"); return }
        guard case .timedOut = try source.next(timeoutMilliseconds: 20) else { Issue.record("expected a timeout"); return }
    }

    /// Bounds from below only: sleeping takes at least what was asked however busy the
    /// machine, while an upper bound would fail on a loaded one.
    @Test func aPacedFrameIsHandedOutAtItsTimeAndNotBefore() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("paced.jsonl", ["0", "0.2", "1.5"].map { #"{"time": \#($0), "records": []}"# }.joined(separator: "\n"))
        let source = try source(file, pace: "recorded")
        let started = Date()
        try source.start()
        guard case .frame = try source.next(timeoutMilliseconds: 1000) else { Issue.record("no first frame"); return }
        // A timeout far beyond the frame, up to the largest the ABI can express: the call
        // waits for the frame only, never for the timeout.
        guard case .frame = try source.next(timeoutMilliseconds: UInt32.max) else { Issue.record("no second frame"); return }
        #expect(Date().timeIntervalSince(started) >= 0.2)
        // Not due within 50 ms: a timeout after waiting the 50 ms, and the frame is still next.
        let asked = Date()
        guard case .timedOut = try source.next(timeoutMilliseconds: 50) else { Issue.record("expected a timeout"); return }
        #expect(Date().timeIntervalSince(asked) >= 0.05)
        guard case .frame = try source.next(timeoutMilliseconds: 10_000) else { Issue.record("no third frame"); return }
        #expect(Date().timeIntervalSince(started) >= 1.5)
    }

    /// The recording's zero is its first frame, whatever clock wrote it: a logger's Unix
    /// epoch seconds replay from 0 (they once made a walk "run for 28891333 minutes"),
    /// and paced, the first frame is due at once instead of decades from now.
    @Test(arguments: ["fast", "recorded"])
    func aRecordingOnAnyClockStartsAtItsFirstFrame(_ pace: String) throws {
        let directory = try TemporaryDirectory()
        let times = ["1733480000.25", "1733480000.75", "1733480001.5"]
        let file = try directory.write("epoch.jsonl", times.map { #"{"time": \#($0), "records": []}"# }.joined(separator: "\n"))
        let source = try source(file, pace: pace)
        try source.start()
        let stamps = try drain(source).map(\.timestampNanoseconds)
        try #require(stamps.count == 3)
        let offsets = stamps.map { $0 - stamps[0] }
        #expect(offsets.map { ($0 + 500_000) / 1_000_000 } == [0, 500, 1250], "milliseconds from the first frame")
        if pace == "fast" { #expect(stamps[0] == 0) }
    }

    /// A fast replay's clock is the recording's own: each frame stamped with its recorded
    /// time in nanoseconds, rounded (4.1 s is 4099999999.9999995 ns as a Double, which
    /// truncating made one nanosecond early), the same on every run and every restart,
    /// so a session can keep a logical clock that no wall-clock offset reaches.
    @Test func aFastReplayStampsFramesWithTheirRecordedTime() throws {
        let directory = try TemporaryDirectory()
        let times = ["0", "0.85", "3.3", "4.1", "6.85"]
        let file = try directory.write("times.jsonl", times.map { #"{"time": \#($0), "records": []}"# }.joined(separator: "\n"))
        let source = try source(file)
        for _ in 0..<2 {
            try source.start()
            let stamps = try drain(source).map(\.timestampNanoseconds)
            #expect(stamps == [0, 850_000_000, 3_300_000_000, 4_100_000_000, 6_850_000_000])
            source.stop()
        }
    }

    @Test(arguments: [
        (#"{"time": 1, "records": []}\#n{"time": 0.5, "records": []}"#, "line 2: time 0.5 is not after"),
        (#"{"time": 0, "records": [{"kind": "object", "label": "chair", "confidence": 1.7}]}"#, "line 1: record 0 confidence 1.7 is outside 0…1"),
        (#"{"time": 0, "depth": {"width": 2, "height": 2, "metres": [1, 2, 3]}}"#, "line 1: depth \"metres\" must hold"),
        ("{not json", "line 1: is not valid JSON (Invalid value around character 1.)"),
        // NaN is not JSON; it was reported as "is not a JSON object".
        (#"{"time": NaN, "records": []}"#, "line 1: is not valid JSON (Invalid value around character 9.)"),
        ("[1]", "line 1: must be a JSON object, found an array"),
        // `walk` died with SIGILL on a depth this far (a Double too large for Int in phrasing).
        (#"{"time": 0, "records": [{"kind": "depth", "distanceMetres": 1e19}]}"#,
         "line 1: record 0 distanceMetres 1e+19 is beyond 100, farther than any depth sensor measures"),
        (#"{"time": 0}"#, "needs exactly one of"),
    ])
    func aCorruptRecordingFailsAtCreateNamingFileAndLine(_ text: String, _ reason: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("bad.jsonl", text)
        do {
            _ = try source(file)
            Issue.record("a corrupt recording was accepted")
        } catch let error as PluginCallError {
            #expect(error.message.contains(file.path), "\(error.message)")
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }
}
