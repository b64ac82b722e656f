import Foundation
import SenseBridgeTesting
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
