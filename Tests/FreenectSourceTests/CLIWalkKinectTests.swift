import Foundation
import SenseBridgeCore
import SenseBridgeTesting
import Testing

/// `sensebridge walk --source org.sensebridge.freenect-source`, as a person with a Kinect
/// runs it, here under fakenect replaying a synthetic walk towards a wall: the alert is
/// said, the end of the recording is the end of the stream, and the session ends with its
/// summary and "stopped".
@Suite struct CLIWalkKinectTests {
    @Test func aWalkWithTheKinectAlertsAtTheWallAndEndsCleanly() throws {
        let scene = try SyntheticScene("wall-ahead", ["--duration", "4", "--stop", "0.9", "--block", "8"])
        let home = try TemporaryDirectory()
        let result = try ProcessRunner.cli(["walk", "--source", "org.sensebridge.freenect-source", "--json", "--profile", "deaf",
                                            "--output", home.file("out").path],
                                           home: home.url, extraEnvironment: try Fakenect.environment(replaying: scene.recording),
                                           timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        let messages = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "message" }
        let signals = messages.compactMap { $0["signal"] as? String }
        #expect(signals.first == "status" && signals.last == "status", "\(messages)")
        #expect(signals.filter { $0 == "alert" }.count >= 1, "the wall 0.9 m ahead is said: \(messages)")
        #expect(messages.last?["text"] as? String == Phrasing.status(.sessionStopped, locale: .en))
    }

    @Test func recordingOptionsDoNotApplyToALiveSource() throws {
        let home = try TemporaryDirectory()
        let result = try ProcessRunner.cli(["walk", "--source", "org.sensebridge.freenect-source", "--fast"], home: home.url)
        #expect(result.status == 64)
        #expect(result.standardError.contains("--fast replays a recording with org.sensebridge.replay-source"), "\(result.standardError)")
    }
}
