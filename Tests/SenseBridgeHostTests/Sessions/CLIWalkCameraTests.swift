import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `walk --camera` through the real binary, the shipped camera source and the shipped
/// object detector: a video of two real photographs (a cup and a bowl on a table, then a
/// cat) stands in for a camera at its own pace. Things are named once the stabiliser has
/// two agreeing passes, the cup stops being named after the picture changed, and the walk
/// says at its start that a camera gives no obstacle alerts.
@Suite struct CLIWalkCameraTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    /// Four seconds of the coffee photograph, then eight of the cat, at 10 frames a second,
    /// 640×480. The cat's part is long enough for the cup to be missed the passes it takes
    /// to be dropped even when a loaded machine slows the detector's passes down.
    func video() throws -> URL {
        let video = home.file("camera.mkv")
        let coffee = RepositoryPaths.root.appendingPathComponent("samples/photo-coffee.png").path
        let cat = RepositoryPaths.root.appendingPathComponent("Tests/Fixtures/images/photos/chelsea.png").path
        let made = try ProcessRunner.run("/usr/bin/ffmpeg", [
            "-v", "error", "-loop", "1", "-t", "4", "-i", coffee, "-loop", "1", "-t", "8", "-i", cat,
            "-filter_complex", "[0:v]scale=640:480,setsar=1[a];[1:v]scale=640:480,setsar=1[b];[a][b]concat=n=2:v=1[v]",
            "-map", "[v]", "-r", "10", "-c:v", "ffv1", video.path])
        try #require(made.status == 0, "\(made.standardError)")
        return video
    }

    @Test("what the camera sees is named once confirmed, and no longer once it is gone; no depth is said first")
    func aCameraWalk() throws {
        let result = try ProcessRunner.cli(["walk", "--camera", try video().path, "--narration-interval", "1", "--profile", "deaf",
                                            "--json", "--output", home.file("out").path], home: home.url)
        #expect(result.status == 0, "\(result.standardError)")
        let messages = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "message" }
        let texts = messages.compactMap { $0["text"] as? String }
        #expect(texts.prefix(2) == ["SenseBridge has started.",
                                    "This walk has no depth sensor, so SenseBridge can't warn about obstacles; it only describes what the camera sees."],
                "\(texts)")
        let descriptions = messages.filter { $0["signal"] as? String == "description" }.compactMap { $0["text"] as? String }
        #expect(descriptions.first == "It looks like there's a cup and a bowl.", "\(descriptions)")
        #expect(descriptions.contains { $0.contains("a cat") }, "\(descriptions)")
        #expect(descriptions.last.map { $0.contains("a cat") && !$0.contains("cup") } == true, "\(descriptions)")
        #expect(!messages.contains { $0["signal"] as? String == "alert" })
    }

    @Test("--camera takes neither a recording nor --fast nor another source; a missing video is named")
    func cameraOptions() throws {
        let video = try video().path
        for extra in [["--fast"], ["--recording", video], ["--source", "org.sensebridge.replay-source"]] {
            let result = try ProcessRunner.cli(["walk", "--camera", video] + extra, home: home.url)
            #expect(result.status == 64 && result.standardError.contains("--camera"), "\(extra): \(result.standardError)")
        }
        let missing = try ProcessRunner.cli(["walk", "--camera", home.file("nowhere.mkv").path], home: home.url)
        #expect(missing.status == 66 && missing.standardError.contains("nowhere.mkv"), "\(missing.standardError)")
    }
}
