import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// Hands-free awareness through real plugins: the staged replay source at recorded pace
/// and C fixture composers and sources loaded through the ABI.
@Suite(.serialized) struct AwarenessSessionTests {
    /// Collects what the session delivered, from either of its threads.
    /// Unchecked Sendable: `lock` guards `items`.
    final class Deliveries: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [AwarenessSession.Delivery] = []
        func append(_ delivery: AwarenessSession.Delivery) { lock.withLock { items.append(delivery) } }
        var all: [AwarenessSession.Delivery] { lock.withLock { items } }
    }

    static func fanOut() -> ProfileFanOut {
        ProfileFanOut(targets: [], textFallback: { _ in })
    }

    /// A level camera facing a wall that approaches from 3 m to 0.2 m over 4 s, a depth
    /// frame every 0.25 s and a records frame every 0.5 s.
    static func approachingWall() -> String {
        var lines = [#"{"schema": "sensebridge.recording/1"}"#]
        for step in 0...16 {
            let time = Double(step) * 0.25
            let distance = max(0.2, 3.0 - 0.7 * time)
            let metres = Array(repeating: String(format: "%.3f", distance), count: 48).joined(separator: ",")
            lines.append(#"{"time": \#(time), "depth": {"width": 8, "height": 6, "metres": [\#(metres)], "intrinsics": [6, 6, 3.5, 2.5]}}"#)
            if step % 2 == 0 {
                lines.append(#"{"time": \#(time + 0.1), "records": [{"kind": "object", "label": "door", "confidence": 0.9}]}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Invariant 5: with a composer that takes 3 s per call and a replay at recorded
    /// pace, every alert is delivered within a bound of its frame's own timestamp.
    @Test func depthAlertsKeepTheirScheduleWhileTheComposerIsSlow() throws {
        let plugins = try TemporaryDirectory()
        try FixturePlugin.make(in: plugins.url, name: "slow", id: "org.example.slow-composer",
                               defines: ["FIXTURE_COMPOSE_DELAY_MS": "3000"],
                               manifest: ["kind": "scene-composer"], source: "fixture_composer.c")
        let recording = try plugins.write("wall.recording.jsonl", Self.approachingWall())
        _ = try RepositoryPaths.stagedManifest("replay-source.json")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine),
                                                                     .init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        let source = try host.sensingSource(try host.manifest(id: "org.sensebridge.replay-source"),
                                            config: ["path": .string(recording.path), "pace": .string("recorded")])
        let composer = try host.sceneComposer(try host.manifest(id: "org.example.slow-composer"))
        var configuration = AwarenessSession.Configuration()
        configuration.narrationInterval = 1
        let deliveries = Deliveries()
        let session = AwarenessSession(source: source, pipeline: DescriptionPipeline(composer: composer, fallback: nil, locale: .en, detail: .standard),
                                       fanOut: Self.fanOut(), configuration: configuration, observer: deliveries.append)
        let summary = try session.run()

        let alerts = deliveries.all.filter { $0.message.signal == .awarenessAlert }
        // 1.5 m at 2.25 s, under 1 m at 3.0 s, under half a metre at 3.75 s.
        #expect(alerts.count == 3, "\(alerts.map(\.message.text))")
        #expect(alerts.allSatisfy { $0.message.isUrgent })
        for alert in alerts {
            let frame = try #require(alert.frameTimestampNanoseconds)
            let lag = Double(alert.deliveredNanoseconds - frame) / 1e9
            #expect(lag < 0.3, "alert at \(alert.message.sessionTime) s delivered \(lag) s after its frame")
        }
        // The composer really was slow and in flight: ticks found it busy, and its
        // first description, finished 3 s after its tick, was about a place left behind.
        #expect(summary.ticksSkipped >= 2)
        #expect(summary.descriptionsDropped >= 1)
        #expect(summary.alertsRaised == 1)
        let statuses = deliveries.all.filter { $0.message.signal == .status }.map(\.message.text)
        #expect(statuses == [Phrasing.status(.sessionStarted, locale: .en), Phrasing.status(.sessionStopped, locale: .en)])
        #expect(deliveries.all.filter { $0.message.signal == .sessionSummary }.map(\.message.text)
            == [Phrasing.sessionSummary(alerts: 1, seconds: 4, locale: .en)])
        let sequences = deliveries.all.map(\.message.sequence).sorted()
        #expect(sequences == Array(1...UInt64(sequences.count)))
    }

    /// Invariant 5 measured where it ends, at the render call: with a composer that takes
    /// 3 s and two real render targets, every alert reaches each target's render call
    /// within a bound far under the composer's time, and each target counted every alert.
    @Test func alertsReachEveryRenderCallWithoutWaitingForTheComposer() throws {
        let plugins = try TemporaryDirectory()
        try FixturePlugin.make(in: plugins.url, name: "slow", id: "org.example.slow-composer",
                               defines: ["FIXTURE_COMPOSE_DELAY_MS": "3000"],
                               manifest: ["kind": "scene-composer"], source: "fixture_composer.c")
        try FixturePlugin.makeRecorder(in: plugins.url, path: "")
        let recording = try plugins.write("wall.recording.jsonl", Self.approachingWall())
        _ = try RepositoryPaths.stagedManifest("replay-source.json")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine),
                                                                     .init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        let source = try host.sensingSource(try host.manifest(id: "org.sensebridge.replay-source"),
                                            config: ["path": .string(recording.path), "pace": .string("recorded")])
        let recorder = try host.manifest(id: "org.sensebridge.recording-target")
        let targets = try ["speech", "haptics"].map { name in
            (name: name, instance: try host.renderTarget(recorder, config: ["path": .string(plugins.file("\(name).txt").path)]))
        }
        let fan = ProfileFanOut(targets: targets, textFallback: { _ in })
        var configuration = AwarenessSession.Configuration()
        configuration.narrationInterval = 1
        let deliveries = Deliveries()
        let session = AwarenessSession(source: source, pipeline: DescriptionPipeline(composer: try host.sceneComposer(try host.manifest(id: "org.example.slow-composer")),
                                                                                     fallback: nil, locale: .en, detail: .standard),
                                       fanOut: fan, configuration: configuration, observer: deliveries.append)
        let summary = try session.run()
        #expect(fan.drain(timeout: 10))
        let alerts = deliveries.all.filter { $0.message.signal == .awarenessAlert }
        #expect(alerts.count == 3)
        #expect(alerts.allSatisfy { $0.frameReceivedNanoseconds != nil })
        #expect(summary.ticksSkipped >= 2, "the composer really was in flight")
        let latency = fan.renderLatency(of: .awarenessAlert)
        #expect(latency.map(\.target) == ["speech", "haptics"])
        for (target, histogram) in latency {
            #expect(histogram.count == alerts.count, "\(target) measured \(histogram.count) of \(alerts.count) alerts")
            #expect(histogram.maximum < 300_000_000, "\(target): an alert waited \(histogram.maximum) ns for its render call")
        }
        _ = fan.shutdown()
    }

    /// A source that fails mid-walk is said once, its recovery once, and the walk goes on.
    @Test func aSourceFailureIsSaidOnceAndItsRecoveryOnce() throws {
        let plugins = try TemporaryDirectory()
        try FixturePlugin.make(in: plugins.url, name: "flaky", id: "org.example.flaky-source",
                               defines: ["FIXTURE_FRAME_COUNT": "6", "FIXTURE_FAIL_FROM": "3", "FIXTURE_FAIL_COUNT": "4"],
                               manifest: ["kind": "sensing-source"], source: "fixture_source.c")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine)]))
        let source = try host.sensingSource(try host.manifest(id: "org.example.flaky-source"))
        let deliveries = Deliveries()
        let summary = try AwarenessSession(source: source, pipeline: nil, fanOut: Self.fanOut(), observer: deliveries.append).run()
        let statuses = deliveries.all.filter { $0.message.signal == .status }.map(\.message.text)
        #expect(statuses == [Phrasing.status(.sessionStarted, locale: .en), Phrasing.sensorFailing(locale: .en),
                             Phrasing.sensorRecovered(locale: .en), Phrasing.status(.sessionStopped, locale: .en)])
        #expect(summary.sourceFailures == 1)
        #expect(!deliveries.all.contains { $0.message.signal == .awarenessClear }, "a failure is never 'clear'")
    }

    /// The walk CLI on the shipped sample: an alert as the box and then the wall get
    /// close, a clear between them, and a summary at the end.
    @Test func theWalkCommandOnTheSampleAlertsAndSummarises() throws {
        let home = try TemporaryDirectory()
        let result = try ProcessRunner.cli(["walk", "--fast", "--output", home.url.appendingPathComponent("out").path], home: home.url)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let alerts = lines.filter { $0.contains("  alert ") }
        #expect(alerts.count == 2, "\(lines)")
        #expect(alerts.allSatisfy { $0.hasSuffix("The nearest thing measured is about 1 metre away.") })
        #expect(lines.contains { $0.contains("  clear ") })
        #expect(lines.contains { $0.contains("summary") && $0.hasSuffix("This session ran for less than a minute and gave 2 obstacle alerts.") })
        // The default profile (blind) first says which of its speech alternatives started.
        #expect(lines.first { !$0.contains("The speech output is using") }?.hasSuffix("SenseBridge has started.") == true, "\(lines)")
        #expect(lines.last?.hasSuffix("SenseBridge has stopped.") == true)
        // Session times are the recording's: the wall alert comes at 9 s.
        #expect(alerts.last?.trimmingCharacters(in: .whitespaces).hasPrefix("9.00") == true)
    }

    /// `walk --stats` reports the alert latency per render target of the profile, on stderr,
    /// and as the last JSON line with --json, where the counts agree with what was said.
    @Test func walkStatsReportsAlertLatencyPerTarget() throws {
        let home = try TemporaryDirectory()
        let output = home.url.appendingPathComponent("out").path
        let text = try ProcessRunner.cli(["walk", "--fast", "--stats", "--output", output], home: home.url)
        #expect(text.status == 0, "\(text.standardError)")
        let stats = text.standardError.split(separator: "\n").map(String.init)
        #expect(stats.contains("  alerts raised: 2"), "\(stats)")
        for target in ["speech", "haptics"] {
            #expect(stats.contains { $0.hasPrefix("  \(target): frame to render call p50 ") && $0.hasSuffix(" over 2 alert messages") }, "\(stats)")
        }
        #expect(!text.standardOutput.contains("Statistics"), "stdout stays what was said")

        let json = try ProcessRunner.cli(["walk", "--fast", "--stats", "--json", "--output", output], home: home.url)
        #expect(json.status == 0, "\(json.standardError)")
        let last = try #require(json.standardOutput.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "stats")
        #expect(object["alertsRaised"] as? Int == 2)
        let targets = try #require(object["alertFrameToRender"] as? [[String: Any]])
        #expect(targets.compactMap { $0["target"] as? String } == ["speech", "haptics"])
        for target in targets {
            #expect(target["count"] as? Int == 2)
            let p50 = try #require(target["p50Microseconds"] as? Double), p99 = try #require(target["p99Microseconds"] as? Double)
            let maximum = try #require(target["maxMicroseconds"] as? Double)
            #expect(p50 > 0 && p50 <= p99 && p99 <= maximum)
        }
    }

    @Test func walkHelpFollowsTheHouseStyle() throws {
        let home = try TemporaryDirectory()
        let help = try ProcessRunner.cli(["walk", "--help"], home: home.url)
        #expect(help.status == 0)
        for section in ["OVERVIEW:", "USAGE: sensebridge walk", "OPTIONS:", "--recording <file>", "--fast"] {
            #expect(help.standardOutput.contains(section))
        }
        let bad = try ProcessRunner.cli(["walk", "--narration-interval", "0"], home: home.url)
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("See 'sensebridge walk --help'."))
        let missing = try ProcessRunner.cli(["walk", "--recording", home.url.appendingPathComponent("none.jsonl").path], home: home.url)
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("none.jsonl"))
    }
}
