import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The proximity band's repeat cue, delivered: while something stays within half a metre
/// the alert's haptic cue repeats every second, to the targets that play it (the haptic
/// log offers it) and to nobody else (captions never get a line of nothing).
@Suite struct CLIWalkPulseTests {
    static func wallAtArmsLength() -> String { TestSignals.wallRecording() }

    struct Run {
        var messages: [[String: Any]]
        var haptics: [String]
        var captions: String
    }

    static func walk(profile: String, home: TemporaryDirectory) throws -> Run {
        let recording = try home.write("wall.recording.jsonl", wallAtArmsLength())
        let output = home.file("out-\(profile.hashValue)")
        let result = try ProcessRunner.cli(["walk", "--fast", "--json", "--recording", recording.path, "--profile", profile,
                                            "--output", output.path], home: home.url)
        #expect(result.status == 0, "\(result.standardError)")
        let messages = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "message" }
        let haptics = ((try? String(contentsOf: output.appendingPathComponent("haptics.jsonl"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
        let captions = (try? String(contentsOf: output.appendingPathComponent("captions.vtt"), encoding: .utf8)) ?? ""
        return Run(messages: messages, haptics: haptics, captions: captions)
    }

    @Test func theCueRepeatsEverySecondOnTheHapticChannelOnly() throws {
        let home = try TemporaryDirectory()
        let run = try Self.walk(profile: "deaf", home: home)
        let pulses = run.messages.filter { $0["signal"] as? String == "pulse" }
        #expect(pulses.compactMap { $0["time"] as? Double } == [1, 2, 3, 4, 5, 6], "\(run.messages)")
        #expect(pulses.allSatisfy { $0["text"] as? String == "" && $0["urgent"] as? Bool == false })
        #expect(pulses.allSatisfy { $0["targets"] as? [String] == ["haptics"] }, "captions never get a pulse: \(pulses)")
        // One alert, said once; the repeats are felt, not said again.
        #expect(run.messages.filter { $0["signal"] as? String == "alert" }.count == 1)
        // The log has each repeat as the alert's own pattern.
        let lines = run.haptics.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let alert = try #require(lines.first { $0["signal"] as? String == "awarenessAlert" })
        let repeats = lines.filter { $0["signal"] as? String == "awarenessPulse" }
        #expect(repeats.count == 6, "\(run.haptics)")
        #expect(repeats.allSatisfy { NSDictionary(dictionary: $0["ahap"] as? [String: Any] ?? [:]).isEqual(to: alert["ahap"] as? [String: Any] ?? ["": 0]) })
        // Every caption cue carries words: no cue was written for a pulse.
        let cues = run.captions.components(separatedBy: "\n\n").filter { $0.contains("-->") }
        #expect(!cues.isEmpty)
        #expect(cues.allSatisfy { $0.split(separator: "\n").count >= 2 }, "\(run.captions)")
    }

    @Test func aProfileCanTurnTheCueOff() throws {
        let home = try TemporaryDirectory()
        let profile = try home.write("quiet-haptics.json", """
            {"schema": "sensebridge.output-profile/1", "name": "quiet-haptics", "locale": "en",
             "composer": "org.sensebridge.label-list",
             "renderTargets": [{"id": "org.sensebridge.haptic-log", "cues": {"awareness-pulse": false}}]}
            """)
        let run = try Self.walk(profile: profile.path, home: home)
        let pulses = run.messages.filter { $0["signal"] as? String == "pulse" }
        #expect(pulses.count == 6)
        #expect(pulses.allSatisfy { ($0["targets"] as? [String]) == [] }, "\(pulses)")
        #expect(!run.haptics.contains { $0.contains("awarenessPulse") })
        #expect(run.haptics.contains { $0.contains("awarenessAlert") })
    }
}
