import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
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

    /// The Kinect's colour camera sees a real photograph (a cup and a bowl on a table)
    /// while the walker nears a wall from 3.7 m to 2.2 m: the detector names them, and the
    /// host says how far, from the depth under their boxes, never farther than the wall
    /// was at any moment of the walk.
    @Test func theKinectsColourIsDescribedWithTheDistanceUnderEachBox() throws {
        let photo = RepositoryPaths.root.appendingPathComponent("samples/photo-coffee.png").path
        let scene = try SyntheticScene("wall-ahead", ["--duration", "6", "--stop", "2.2", "--block", "8", "--photo", photo])
        let home = try TemporaryDirectory()
        let result = try ProcessRunner.cli(["walk", "--source", "org.sensebridge.freenect-source", "--narration-interval", "2", "--json",
                                            "--profile", "deaf", "--output", home.file("out").path],
                                           home: home.url, extraEnvironment: try Fakenect.environment(replaying: scene.recording),
                                           timeout: 120)
        #expect(result.status == 0, "\(result.standardError)")
        let descriptions = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["signal"] as? String == "description" }.compactMap { $0["text"] as? String }
        let cups = descriptions.filter { $0.hasPrefix("It looks like there's a cup and a bowl, the nearest about ") }
        #expect(!cups.isEmpty, "\(descriptions)")
        let farthestWall = scene.truth.frames.compactMap(\.nearestObstacleMetres).max() ?? 0
        for cup in cups {
            let metres = cup.dropFirst("It looks like there's a cup and a bowl, the nearest about ".count).prefix { $0.isNumber || $0 == "." }
            #expect(Double(metres).map { $0 >= 1 && $0 <= farthestWall } == true, "\(cup) against a wall at most \(farthestWall) m away")
        }
    }

    @Test func recordingOptionsDoNotApplyToALiveSource() throws {
        let home = try TemporaryDirectory()
        let result = try ProcessRunner.cli(["walk", "--source", "org.sensebridge.freenect-source", "--fast"], home: home.url)
        #expect(result.status == 64)
        #expect(result.standardError.contains("--fast replays a recording with org.sensebridge.replay-source"), "\(result.standardError)")
    }
}
