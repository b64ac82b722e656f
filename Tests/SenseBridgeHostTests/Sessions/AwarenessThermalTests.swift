import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// Thermal backoff in a running session: each change of pace said once (recovery too),
/// depth frames reduced at 1/2 or 1/4 of their rate, narration ticks stretched, and the
/// session never stopped for heat.
@Suite struct AwarenessThermalTests {
    /// Collects what the session delivered. Unchecked Sendable: `lock` guards `items`.
    final class Deliveries: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [AwarenessSession.Delivery] = []
        func append(_ delivery: AwarenessSession.Delivery) { lock.withLock { items.append(delivery) } }
        var all: [AwarenessSession.Delivery] { lock.withLock { items } }
    }

    /// Levels handed out one per read, in order; the last repeats.
    /// Unchecked Sendable: `lock` guards `next`.
    final class Script: @unchecked Sendable {
        private let lock = NSLock()
        private let levels: [ThermalLevel?]
        private var next = 0
        init(_ levels: [ThermalLevel?]) { self.levels = levels }
        func read() -> ThermalLevel? {
            lock.withLock {
                defer { next += 1 }
                return levels[min(next, levels.count - 1)]
            }
        }
        var reads: Int { lock.withLock { next } }
    }

    /// A wall 3 m away (never alerting) for `seconds`, one depth frame a second.
    static func quietWalk(seconds: Int) -> String {
        var lines = [#"{"schema": "sensebridge.recording/1"}"#]
        let metres = Array(repeating: "3.0", count: 48).joined(separator: ",")
        for second in 0...seconds {
            lines.append(#"{"time": \#(second), "depth": {"width": 8, "height": 6, "metres": [\#(metres)], "intrinsics": [6, 6, 3.5, 2.5]}}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func eachChangeOfPaceIsSaidOnceAndTheWalkGoesOn() throws {
        let directory = try TemporaryDirectory()
        let recording = try directory.write("quiet.recording.jsonl", Self.quietWalk(seconds: 80))
        _ = try RepositoryPaths.stagedManifest("replay-source.json")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        let source = try host.sensingSource(try host.manifest(id: "org.sensebridge.replay-source"),
                                            config: ["path": .string(recording.path), "pace": .string("fast")])
        // One read a second: cool, then critical from 5 s, serious from 15 s, cool from 20 s,
        // and an unreadable stretch (nil) that must neither be "cool" nor reset recovery.
        let script = Script(Array(repeating: .nominal, count: 5) + Array(repeating: .critical, count: 10)
                            + Array(repeating: .serious, count: 5) + Array(repeating: nil, count: 3) + [.nominal])
        var configuration = AwarenessSession.Configuration()
        configuration.clock = .recording
        configuration.waitsForComposition = true
        configuration.thermal = ThermalPoller.direct(reading: { script.read() })
        let deliveries = Deliveries()
        let session = AwarenessSession(source: source, pipeline: nil, fanOut: ProfileFanOut(targets: [],
                                                                                            textFallback: { _ in }),
                                       configuration: configuration, observer: deliveries.append)
        let summary = try session.run()

        let statuses = deliveries.all.filter { $0.message.signal == .status }.map { "\($0.message.sessionTime) \($0.message.text)" }
        // Hotter at once (5 s); cooler after 30 readings at a cooler pace, nil not counted:
        // reads 15–19 serious and 23–47 nominal are the 30 → half at 47 s; then 30 nominal → 77 s.
        #expect(statuses == [
            "0.0 \(Phrasing.status(.sessionStarted, locale: .en))",
            "5.0 \(Phrasing.status(.thermalBackoff(.critical), locale: .en))",
            "47.0 \(Phrasing.status(.thermalBackoff(.serious), locale: .en))",
            "77.0 \(Phrasing.status(.thermalBackoff(.nominal), locale: .en))",
            "80.0 \(Phrasing.status(.sessionStopped, locale: .en))",
        ], "\(statuses)")
        #expect(script.reads == 81, "one read per second of session time")
        #expect(summary.thermalPaceChanges == 3)
        // Frame t is reduced when t is a multiple of the multiplier: ×4 over 5–46 s skips the
        // 32 frames that are not multiples of 4, ×2 over 47–76 s skips the 15 odd ones.
        #expect(summary.depthFramesBackedOff == 32 + 15)
        #expect(summary.depthFrames + summary.depthFramesBackedOff == 81)
    }

    /// Through the CLI, with a Linux thermal tree at its critical trip point
    /// (SENSEBRIDGE_THERMAL_ROOT): said once, and narration ticks four intervals apart.
    @Test func aHotDeviceSlowsTheSampleWalkAndSaysSoOnce() throws {
        let home = try TemporaryDirectory()
        _ = try home.write("thermal/thermal_zone0/temp", "106000\n")
        _ = try home.write("thermal/thermal_zone0/trip_point_0_type", "critical\n")
        _ = try home.write("thermal/thermal_zone0/trip_point_0_temp", "105000\n")
        func walk(_ environment: [String: String]) throws -> [String] {
            let result = try ProcessRunner.cli(["walk", "--fast", "--json", "--narration-interval", "3", "--profile", "deaf",
                                                "--output", home.file("out").path],
                                               home: home.url, extraEnvironment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput.split(separator: "\n").compactMap { line -> String? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                      object["type"] as? String == "message" else { return nil }
                return "\(object["time"] as? Double ?? -1) \(object["signal"] as? String ?? "") \(object["text"] as? String ?? "")"
            }
        }
        let hot = try walk(["SENSEBRIDGE_THERMAL_ROOT": home.file("thermal").path])
        let quarter = Phrasing.status(.thermalBackoff(.critical), locale: .en)
        #expect(hot.filter { $0.hasSuffix(quarter) } == ["0.0 status \(quarter)"], "\(hot)")
        // 3 s × 4: the tick after 0.85 s would be at 12.85 s, past the walk's end.
        #expect(hot.filter { $0.contains(" description ") }.allSatisfy { $0.hasPrefix("0.85 ") }, "\(hot)")
        #expect(hot.last?.hasSuffix(Phrasing.status(.sessionStopped, locale: .en)) == true)

        let cool = try walk(["SENSEBRIDGE_THERMAL_ROOT": home.file("no-such-tree").path])
        #expect(!cool.contains { $0.contains("running hot") }, "no zone readable: nothing said, usual pace")
        #expect(Set(cool.filter { $0.contains(" description ") }.map { $0.prefix(4) }) == ["0.85", "3.85", "6.85"], "\(cool)")
    }
}
