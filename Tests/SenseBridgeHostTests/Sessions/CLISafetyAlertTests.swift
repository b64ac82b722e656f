import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// A safety alert through the real binary and the shipped caption and haptic targets, each
/// in its own runner process as by default: `say --signal safety`, as a person tries a
/// profile. The captions mark it, the haptic log feels it as its own pattern; a profile
/// that turns the haptic target's cue off still has it felt, as an urgent awareness alert.
@Suite struct CLISafetyAlertTests {
    let home: TemporaryDirectory
    let output: TemporaryDirectory
    static let text = "Alert: it sounds like a smoke alarm."

    init() throws {
        _ = try RepositoryPaths.stagedManifest("haptic-log.json")
        home = try TemporaryDirectory()
        output = try TemporaryDirectory()
    }

    func haptics() throws -> [[String: Any]] {
        try String(contentsOf: output.file("haptics.jsonl"), encoding: .utf8).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func theDeafProfileCaptionsItBoldAndFeelsItsOwnPattern() throws {
        let result = try ProcessRunner.cli(["say", "--signal", "safety", "--urgent", Self.text, "--profile", "deaf",
                                            "--output", output.url.path], home: home.url)
        #expect(result.status == 0, "\(result.standardError)")
        let captions = try String(contentsOf: output.file("captions.vtt"), encoding: .utf8)
        #expect(captions.contains("\n<b>Alert: it sounds like a smoke alarm.</b>\n"), "\(captions)")
        let lines = try haptics()
        #expect(lines.map { $0["signal"] as? String } == ["safetyAlert"])
        #expect(lines.map { $0["pattern"] as? String } == ["safetyAlert"])
        #expect(lines.map { $0["urgent"] as? Bool } == [true])
    }

    @Test func aTargetWhoseCueIsTurnedOffStillFeelsItAsAnUrgentAlert() throws {
        let profile = try home.write("off.json", """
        {"schema": "sensebridge.output-profile/1", "name": "off", "composer": "org.sensebridge.label-list",
         "renderTargets": [{"id": "org.sensebridge.haptic-log", "cues": {"safety-alert": false}}]}
        """)
        let result = try ProcessRunner.cli(["say", "--signal", "safety", "--urgent", Self.text, "--profile", profile.path,
                                            "--output", output.url.path], home: home.url)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try haptics()
        #expect(lines.map { $0["signal"] as? String } == ["awarenessAlert"])
        #expect(lines.map { $0["pattern"] as? String } == ["awarenessAlert"])
        #expect(lines.map { $0["urgent"] as? Bool } == [true])
    }
}

/// Invariant 10 beyond `listen`: a safety sound among a records file's or a recording's
/// sounds is an urgent alert with its own cue, never a sound in a description.
@Suite struct SafetySoundsInRecordsTests {
    let home: TemporaryDirectory

    init() throws {
        _ = try RepositoryPaths.stagedManifest("haptic-log.json")
        home = try TemporaryDirectory()
    }

    @Test func describeRecordsSaysTheAlarmAsAnAlertFirstAndDescribesTheRest() throws {
        let records = try home.write("kitchen.jsonl", """
        {"kind": "object", "label": "chair", "confidence": 0.9}
        {"kind": "sound", "label": "smoke_alarm", "confidence": 0.88}
        {"kind": "sound", "label": "dog_barking", "confidence": 0.9}
        """)
        let text = try ProcessRunner.cli(["describe", "--records", records.path, "--no-render"], home: home.url)
        #expect(text.status == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Alert: it sounds like a smoke alarm.", "\(lines)")
        #expect(lines.dropFirst().allSatisfy { !$0.contains("smoke alarm") }, "\(lines)")
        #expect(lines.contains { $0.contains("a dog barking") }, "\(lines)")

        let only = try home.write("alarm.jsonl", #"{"kind": "sound", "label": "fire_alarm", "confidence": 0.7}"# + "\n")
        let json = try ProcessRunner.cli(["describe", "--records", only.path, "--no-render", "--json", "--locale", "es"], home: home.url)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["alerts"] as? [String] == ["Alerta: puede que se oiga una alarma de incendios."], "\(object)")
        #expect(object["sentences"] as? [String] == [], "nothing beside the alarm is 'nothing recognized': \(object)")

        let output = home.file("out")
        let rendered = try ProcessRunner.cli(["describe", "--records", records.path, "--profile", "deaf", "--output", output.path],
                                             home: home.url)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let haptics = try String(contentsOf: output.appendingPathComponent("haptics.jsonl"), encoding: .utf8)
        #expect(haptics.split(separator: "\n").first?.contains(#""signal":"safetyAlert""#) == true, "\(haptics)")
    }

    @Test func aWalksRecordingSaysTheAlarmAsAnAlert() throws {
        let recording = try home.write("walk.jsonl", """
        {"schema": "sensebridge.recording/1"}
        {"time": 0.1, "records": [{"kind": "object", "label": "door", "confidence": 0.84}, {"kind": "sound", "label": "siren", "confidence": 0.9}]}
        {"time": 0.6, "records": [{"kind": "object", "label": "door", "confidence": 0.84}, {"kind": "sound", "label": "siren", "confidence": 0.9}]}
        """)
        let result = try ProcessRunner.cli(["walk", "--fast", "--json", "--recording", recording.path, "--output", home.file("walk").path],
                                           home: home.url)
        let messages = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "message" }
        let safety = messages.filter { $0["signal"] as? String == "safety" }
        #expect(safety.map { $0["text"] as? String } == ["Alert: it sounds like a siren."], "\(result.standardOutput)")
        #expect(safety.allSatisfy { $0["urgent"] as? Bool == true })
        let described = messages.filter { $0["signal"] as? String == "description" }.compactMap { $0["text"] as? String }
        #expect(!described.contains { $0.contains("siren") }, "\(described)")
    }
}
