import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge describe PATH` end to end: the shipped camera source reading real image
/// and video files, the profile's perceivers on each picture, the one description
/// pipeline. The fixture perceiver reads dark bands as text ("band 1", its confidence the
/// share of dark pixels), so every rule of which pictures are described and what is said
/// when a perceiver fails holds without depending on a model (ObjectDetectorTests holds
/// what the detector sees in real photographs).
@Suite struct CLIDescribePicturesTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        let text = ["kind": "perceiver", "capabilities": ["modalities": ["text"]]] as [String: Any]
        try FixturePlugin.make(in: plugins.url, name: "bands", id: "org.example.bands", defines: ["FIXTURE_ROW_US": "0"],
                               manifest: text, source: "fixture_perceiver.c")
        try FixturePlugin.make(in: plugins.url, name: "crashing-sight", id: "org.example.crashing-sight",
                               defines: ["FIXTURE_ROW_US": "0", "FIXTURE_CRASH_PERCEIVE": "1"],
                               manifest: ["kind": "perceiver", "capabilities": ["modalities": ["objects"]]], source: "fixture_perceiver.c")
    }

    /// A deaf profile (captions and haptics) whose perceivers are `perceivers`.
    func profile(_ perceivers: Any) throws -> URL {
        let profile: [String: Any] = [
            "schema": "sensebridge.output-profile/1", "name": "pictures", "locale": "en", "detail": "standard",
            "composer": "org.sensebridge.label-list", "perceivers": perceivers,
            "renderTargets": [["id": "org.sensebridge.caption-file", "config": ["format": "vtt"]], "org.sensebridge.haptic-log"],
        ]
        let url = home.file("pictures.json")
        try JSONSerialization.data(withJSONObject: profile).write(to: url)
        return url
    }

    func describe(_ arguments: [String], perceivers: Any = ["org.example.bands"]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["describe", "--profile", try profile(perceivers).path, "--output", home.file("out").path,
                               "--plugin-path", plugins.url.path] + arguments, home: home.url)
    }

    static func jsonLines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func folder(_ pages: [Data]) throws -> URL {
        let folder = home.file("pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, page) in pages.enumerated() { try page.write(to: folder.appendingPathComponent("picture-\(index + 1).pgm")) }
        return folder
    }

    @Test("a folder is described picture by picture in name order, each line numbered, and rendered through the profile")
    func aFolderIsDescribedPictureByPicture() throws {
        let folder = try folder([CLIReadTests.page([(20, 0.96)]), CLIReadTests.page([(20, 0.96), (120, 0.96)])])
        let result = try describe([folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            [1] The text appears to say: band 1
            [2] The text appears to say: band 1
            [2] The text appears to say: band 2

            """, "\(result.standardOutput)")
        let captions = try String(contentsOf: home.file("out/captions.vtt"), encoding: .utf8)
        #expect(captions.components(separatedBy: "The text appears to say: band 1").count == 3, "\(captions)")
    }

    @Test("--json carries each picture's records with their boxes, and nothing recognized is said as a fact about the perceivers")
    func jsonCarriesTheRecords() throws {
        let blank = CLIReadTests.page([])
        let folder = try folder([CLIReadTests.page([(20, 0.96)]), blank])
        let result = try describe([folder.path, "--json", "--no-render"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.jsonLines(result.standardOutput)
        #expect(lines.map { $0["picture"] as? Int } == [1, 2])
        let records = lines.first?["records"] as? [[String: Any]]
        #expect(records?.map { $0["label"] as? String } == ["band 1"])
        #expect(records?.first?["kind"] as? String == "text")
        let box = records?.first?["box"] as? [String: Double]
        #expect(box.map { $0["y"]! > 0.09 && $0["y"]! < 0.11 && $0["height"]! > 0.14 && $0["height"]! < 0.16 } == true, "\(String(describing: box))")
        #expect(lines.last?["sentences"] as? [String] == ["Nothing was recognized clearly enough to name."])
        #expect(lines.last?["nothingRecognized"] as? Bool == true)
        #expect((lines.last?["records"] as? [Any])?.isEmpty == true)
    }

    @Test("a perceiver that crashes on a picture costs its part, said once for that picture; the others still describe; exit 69")
    func aCrashingPerceiverIsSaidAndTheRestDescribed() throws {
        let folder = try folder([CLIReadTests.page([(20, 0.96)]), CLIReadTests.page([(20, 0.96)])])
        let result = try describe([folder.path, "--isolate", "--json"], perceivers: ["org.example.crashing-sight", "org.example.bands"])
        #expect(result.status == 69, "\(result.standardError)")
        let lines = Self.jsonLines(result.standardOutput)
        #expect(lines.map { $0["failedPerceivers"] as? [String] } == [["sight"], ["sight"]], "\(result.standardOutput)")
        #expect(lines.map { $0["sentences"] as? [String] } == [["The text appears to say: band 1"], ["The text appears to say: band 1"]])
        // Said once for each picture it failed on (the runner restarted or stayed lost:
        // either way that picture's objects were not looked for), before its description.
        let captions = try String(contentsOf: home.file("out/captions.vtt"), encoding: .utf8)
        #expect(captions.components(separatedBy: "Objects could not be looked for in this").count - 1 == 2, "\(captions)")
        #expect(captions.components(separatedBy: "The text appears to say: band 1").count - 1 == 2, "\(captions)")
        #expect(result.standardError.contains("org.example.crashing-sight"), "\(result.standardError)")
        // The plugin's id and its message reach the terminal only, never the person.
        #expect(!captions.contains("org.example"), "\(captions)")
    }

    @Test("a video is described at its first frame and every --interval of video after, an unchanged description not said again")
    func aVideoIsDescribedAtIntervals() throws {
        let page = home.file("page.pgm")
        try CLIReadTests.page([(20, 0.96)]).write(to: page)
        let video = home.file("page.mkv")
        let made = try ProcessRunner.run("/usr/bin/ffmpeg", ["-v", "error", "-loop", "1", "-i", page.path, "-t", "12", "-r", "5",
                                                            "-c:v", "ffv1", video.path])
        try #require(made.status == 0, "\(made.standardError)")
        let result = try describe([video.path, "--interval", "5", "--json", "--no-render"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.jsonLines(result.standardOutput)
        #expect(lines.map { $0["time"] as? Double } == [0, 5, 10], "\(result.standardOutput)")
        #expect(lines.map { $0["said"] as? Bool } == [true, false, false])
        let text = try describe([video.path, "--interval", "5", "--no-render"])
        #expect(text.standardOutput == "[0:00] The text appears to say: band 1\n", "\(text.standardOutput)")
    }

    @Test("what to describe is one of a path, --camera and --records: none, two, or a bad --interval is a usage error")
    func inputIsExactlyOne() throws {
        let page = home.file("page.pgm")
        try CLIReadTests.page([(20, 0.96)]).write(to: page)
        for arguments in [[], [page.path, "--camera", "/dev/video9"], [page.path, "--records", page.path],
                          [page.path, "--interval", "0"], [page.path, "--interval", "soon"]] {
            let result = try describe(arguments)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
        }
        let missing = try describe([home.file("nowhere.png").path])
        #expect(missing.status == 66 && missing.standardError.contains("nowhere.png"), "\(missing.standardError)")
    }

    @Test("a profile's perceivers are checked before anything starts: empty, or naming a composer, is refused with the field; exit 78")
    func perceiversAreChecked() throws {
        let page = home.file("page.pgm")
        try CLIReadTests.page([(20, 0.96)]).write(to: page)
        let empty = try describe([page.path], perceivers: [String]())
        #expect(empty.status == 78 && empty.standardError.contains("\"perceivers\""), "\(empty.standardError)")
        let composer = try describe([page.path], perceivers: ["org.sensebridge.label-list"])
        #expect(composer.status == 78 && composer.standardError.contains("perceivers[0]")
                && composer.standardError.contains("not a perceiver"), "\(composer.standardError)")
    }
}
