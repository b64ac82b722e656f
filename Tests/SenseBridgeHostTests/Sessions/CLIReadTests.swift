import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge read` end to end, with the shipped camera source reading real image files
/// and the fixture perceiver that reads dark bands ("band 1", "band 2", its confidence
/// the share of dark pixels in the band's rows): every rule of what is said, without
/// depending on what tesseract makes of a page (TesseractOCRTests holds that).
@Suite struct CLIReadTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        try FixturePlugin.make(in: plugins.url, name: "bands", id: "org.example.bands", defines: ["FIXTURE_ROW_US": "0"],
                               manifest: ["kind": "perceiver"], source: "fixture_perceiver.c")
        try FixturePlugin.make(in: plugins.url, name: "crashing-bands", id: "org.example.crashing-bands",
                               defines: ["FIXTURE_ROW_US": "0", "FIXTURE_CRASH_PERCEIVE": "1"],
                               manifest: ["kind": "perceiver"], source: "fixture_perceiver.c")
    }

    /// A 200 × 200 PGM page, white, with a dark band for each entry: its top row and the
    /// share of each of its 30 rows that is dark (centred, so the box keeps off the edges).
    static func page(_ bands: [(top: Int, share: Double)]) -> Data {
        let size = 200
        var pixels = [UInt8](repeating: 255, count: size * size)
        for band in bands {
            let dark = Int((Double(size) * band.share).rounded())
            let left = (size - dark) / 2
            for y in band.top..<(band.top + 30) { for x in left..<(left + dark) { pixels[y * size + x] = 0 } }
        }
        return Data("P5\n\(size) \(size)\n255\n".utf8) + Data(pixels)
    }

    struct Message: Equatable { var signal: String; var text: String }

    func read(_ arguments: [String], perceiver: String = "org.example.bands") throws -> (ProcessRunner.Result, [Message]) {
        let result = try ProcessRunner.cli(["read", "--json", "--profile", "deaf", "--output", home.file("out").path,
                                            "--perceiver", perceiver, "--plugin-path", plugins.url.path] + arguments, home: home.url)
        let messages = result.standardOutput.split(separator: "\n").compactMap { line -> Message? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let signal = object["signal"] as? String, let text = object["text"] as? String else { return nil }
            return Message(signal: signal, text: text)
        }
        return (result, messages)
    }

    @Test("a folder is read page by page in name order; unsure text is hedged, text below the floor left out and said to be")
    func aFolderIsReadWithItsHedges() throws {
        let folder = home.file("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.page([(20, 0.96), (120, 0.96)]).write(to: folder.appendingPathComponent("page-1.pgm"))
        try Self.page([(20, 0.65), (120, 0.2)]).write(to: folder.appendingPathComponent("page-2.pgm"))
        let (result, messages) = try read([folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(messages == [
            Message(signal: "reading", text: "band 1"), Message(signal: "reading", text: "band 2"),
            Message(signal: "status", text: "End of text."),
            Message(signal: "status", text: "Some text here was too unclear to read."),
            Message(signal: "reading", text: "The text may say: band 1"),
            Message(signal: "status", text: "End of text."),
        ], "\(result.standardOutput)")
        let captions = try String(contentsOf: home.file("out/captions.vtt"), encoding: .utf8)
        #expect(captions.contains("The text may say: band 1"))
    }

    @Test("a picture that cannot be decoded is named on stderr and said unread; the rest is read; exit 65")
    func aCorruptPictureCostsItsPageOnly() throws {
        let folder = home.file("scans")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.page([(20, 0.96)]).write(to: folder.appendingPathComponent("a.pgm"))
        try Data("P5\n200 200\n255\nnot enough pixels".utf8).write(to: folder.appendingPathComponent("b.pgm"))
        try Self.page([(20, 0.96)]).write(to: folder.appendingPathComponent("c.pgm"))
        let (result, messages) = try read([folder.path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("b.pgm"), "\(result.standardError)")
        #expect(messages.filter { $0.text == "band 1" }.count == 2)
        #expect(messages.contains(Message(signal: "status", text: "This page could not be read.")))
    }

    @Test("a perceiver that crashes costs the page, said unread, never 'no text'; exit 69")
    func aCrashingPerceiverLeavesThePageUnread() throws {
        let image = home.file("page.pgm")
        try Self.page([(20, 0.96)]).write(to: image)
        let (result, messages) = try read([image.path, "--isolate"], perceiver: "org.example.crashing-bands")
        #expect(result.status == 69, "\(result.standardError)")
        #expect(messages == [Message(signal: "status", text: "This page could not be read.")], "\(result.standardOutput)")
    }

    @Test("a page without text says so, in the profile's words for recognition, not the page")
    func aBlankPictureIsNoTextRecognized() throws {
        let image = home.file("white.pgm")
        try Self.page([]).write(to: image)
        let (result, messages) = try read([image.path, "--locale", "es"])
        #expect(result.status == 0)
        #expect(messages.map(\.signal) == ["status"])
        #expect(messages.first?.text.lowercased().contains("blanc") == false)
    }

    @Test("with history on, what was read is kept; with it off, nothing is")
    func historyKeepsTheReadingOnlyWhenOn() throws {
        let image = home.file("page.pgm")
        try Self.page([(20, 0.96)]).write(to: image)
        _ = try read([image.path])
        let file = home.file("state/sensebridge/reading-history.json")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try ProcessRunner.cli(["history", "on"], home: home.url).status == 0)
        _ = try read([image.path])
        let shown = try ProcessRunner.cli(["history", "show", "1"], home: home.url)
        #expect(shown.standardOutput.contains(image.path) && shown.standardOutput.contains("band 1"), "\(shown.standardOutput)")
    }

    /// A 200 × 200 PGM of one gray level.
    static func plain(_ level: UInt8) -> Data {
        Data("P5\n200 200\n255\n".utf8) + Data(repeating: level, count: 200 * 200)
    }

    @Test("read --live on one image is never silence: black is too dark, white has no text, a page is read; each once, in the locale",
          arguments: [("en", "It is too dark to read.", "No text is being recognized.", "End of text."),
                      ("es", "Está demasiado oscuro para leer.", "No se está reconociendo ningún texto.", "Fin del texto.")])
    func aSingleImageReadLiveSaysWhatItSaw(locale: String, tooDark: String, noText: String, endOfText: String) throws {
        let black = home.file("black.pgm"), white = home.file("white.pgm"), page = home.file("page.pgm")
        try Self.plain(0).write(to: black)
        try Self.plain(255).write(to: white)
        try Self.page([(20, 0.96)]).write(to: page)
        for (image, expected) in [(black, [Message(signal: "status", text: tooDark)]),
                                  (white, [Message(signal: "status", text: noText)]),
                                  (page, [Message(signal: "reading", text: "band 1"), Message(signal: "status", text: endOfText)])] {
            let (result, messages) = try read([image.path, "--live", "--locale", locale])
            #expect(result.status == 0, "\(image.lastPathComponent): \(result.standardError)")
            #expect(messages == expected, "\(image.lastPathComponent): \(result.standardOutput)")
        }
    }

    @Test("a 1×1 image read by tesseract has no text recognized, and leptonica's errors never reach stderr")
    func aOnePixelImageIsNoTextAndNoNoise() throws {
        let dot = home.file("dot.pgm")
        try (Data("P5\n1 1\n255\n".utf8) + Data([128])).write(to: dot)
        for live in [[], ["--live"]] {
            let (result, messages) = try read([dot.path] + live, perceiver: "org.sensebridge.tesseract-ocr")
            #expect(result.status == 0, "\(result.standardError)")
            #expect(messages == [Message(signal: "status", text: "No text is being recognized.")], "\(live): \(result.standardOutput)")
            #expect(!result.standardError.contains("Error in") && !result.standardError.contains("pix"), "\(live): \(result.standardError)")
        }
    }

    @Test func badInputIsRefusedClearly() throws {
        let (missing, _) = try read([home.file("absent.png").path])
        #expect(missing.status == 66 && missing.standardError.contains("absent.png: cannot be read"))
        let (both, _) = try read([home.url.path, "--camera", "/dev/video9"])
        #expect(both.status == 64 && both.standardError.contains("either a path or --camera"))
        let (camera, _) = try read(["--camera", "/dev/video9"])
        #expect(camera.status == 69 && camera.standardError.contains("/dev/video9"), "\(camera.standardError)")
        let (wrongKind, _) = try read([home.url.path], perceiver: "org.sensebridge.label-list")
        #expect(wrongKind.status == 64 && wrongKind.standardError.contains("not a perceiver"))
    }

    @Test("at a terminal, keys drive the cursor: past the end, b goes back to the last sentence, and q quits")
    func keysAtATerminalDriveTheCursor() throws {
        let image = home.file("page.pgm")
        try Self.page([(20, 0.96), (120, 0.96)]).write(to: image)
        let child = try ProcessRunner.startCLI(["read", image.path, "--json", "--profile", "deaf", "--output", home.file("out").path,
                                                "--perceiver", "org.example.bands", "--plugin-path", plugins.url.path],
                                               home: home.url, terminalInput: true)
        // Read through once; then, with someone at the keys, it waits past the end.
        let said = { (signal: String, text: String) in #"{"locale":"en","signal":"\#(signal)","targets":["captions","haptics"],"text":"\#(text)""# }
        #expect(child.firstLine(startingWith: said("status", "End of text."), timeout: 60) != nil, "the page was not read to its end")
        #expect(child.isRunning, "it ended instead of waiting for a key")
        child.type("b")
        #expect(child.firstLine(startingWith: said("reading", "band 2"), timeout: 30) != nil, "b did not go back to the last sentence")
        child.type("q")
        #expect(child.termination(within: 30) == .exited(0))
    }

    @Test("a video is read live: the page once its text has settled, not once a frame")
    func aVideoIsReadLiveOnce() throws {
        let image = home.file("page.pgm")
        try Self.page([(20, 0.96), (120, 0.96)]).write(to: image)
        let video = home.file("held.mp4")
        let made = try ProcessRunner.run("ffmpeg", ["-v", "error", "-loop", "1", "-i", image.path, "-frames:v", "12", "-r", "10",
                                                    "-pix_fmt", "yuv420p", video.path], environment: ["PATH": "/usr/bin:/bin"])
        try #require(made.status == 0, "ffmpeg: \(made.standardError)")
        let (result, messages) = try read([video.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(messages == [Message(signal: "reading", text: "band 1"), Message(signal: "reading", text: "band 2"),
                             Message(signal: "status", text: "End of text.")], "\(result.standardOutput)")
    }
}
