import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge read` on pages as people hold them, end to end through the binary: a
/// fixture reader reports the page's text (and, from ABI 1.7, how it turned and found the
/// page), so what is said is tested without depending on what tesseract makes of a page.
/// Speech goes through espeak-ng into WAV files, whose index says the voice of each.
@Suite struct CLIReadPagesAsHeldTests {
    let home: TemporaryDirectory
    let plugins: TemporaryDirectory

    static let english = "The pharmacy opens at nine in the morning and closes at six."
    static let spanish = ["La farmacia abre a las nueve de la mañana.", "El Sr. García atiende por la tarde."]

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        let blocks = ([Self.english] + [Self.spanish.joined(separator: " ")]).joined(separator: "|")
        try FixturePlugin.make(in: plugins.url, name: "mixed-page", id: "org.example.mixed-page",
                               defines: ["FIXTURE_PAGE_BLOCKS": "\"\(blocks)\""],
                               manifest: ["kind": "perceiver"], source: "fixture_page_reader.c")
        try FixturePlugin.make(in: plugins.url, name: "label", id: "org.example.label",
                               defines: ["FIXTURE_PAGE_BLOCKS": "\"Take two tablets twice a day with food.\"", "FIXTURE_ECHO_LOCALES": "1"],
                               manifest: ["kind": "perceiver"], source: "fixture_page_reader.c")
    }

    /// A white 400 × 400 PGM (the fixture's lines are 24 pixels tall, large enough to read)
    /// whose first two pixels are the fixture's turn and page flags.
    static func page(turn: UInt8 = 255, flags: UInt8 = 255) -> Data {
        var pixels = [UInt8](repeating: 255, count: 400 * 400)
        pixels[0] = turn
        pixels[1] = flags
        return Data("P5\n400 400\n255\n".utf8) + Data(pixels)
    }

    struct Spoken: Equatable, CustomStringConvertible {
        var signal: String
        var text: String
        var locale: String
        var voice: String?
        var description: String { "\(signal) [\(locale)/\(voice ?? "-")] \(text)" }
    }

    /// Reads `arguments` with the English speech-only profile, and returns what espeak-ng
    /// spoke, in order, from its index.
    func read(_ arguments: [String], perceiver: String = "org.example.mixed-page") throws -> (ProcessRunner.Result, [Spoken]) {
        let profile = try home.write("speech.json", """
            {"schema": "sensebridge.output-profile/1", "name": "speech", "locale": "en",
             "composer": "org.sensebridge.label-list",
             "renderTargets": [{"id": "org.sensebridge.espeak-speech", "config": {"output": "wav"}}]}
            """)
        let output = home.file("out-\(UUID().uuidString)")
        let result = try ProcessRunner.cli(["read", "--json", "--profile", profile.path, "--output", output.path,
                                            "--perceiver", perceiver, "--plugin-path", plugins.url.path] + arguments, home: home.url)
        let index = ((try? String(contentsOf: output.appendingPathComponent("speech/speech.jsonl"), encoding: .utf8)) ?? "")
            .split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let messages = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "message" }
        // The index holds no text (it is what was read); the printed messages do, in the same order.
        let spoken = zip(messages, index).map { message, line in
            Spoken(signal: line["signal"] as? String ?? "", text: message["text"] as? String ?? "",
                   locale: line["locale"] as? String ?? "", voice: line["voice"] as? String)
        }
        #expect(messages.count == index.count, "every message spoken once: \(result.standardOutput)")
        return (result, spoken)
    }

    @Test("a mixed page is spoken block by block: the Spanish block with the Spanish voice, the end of text in the person's")
    func aMixedPageIsSpokenInEachBlocksVoice() throws {
        let image = home.file("page.pgm")
        try Self.page().write(to: image)
        let (result, spoken) = try read([image.path])
        #expect(result.status == 0, "\(result.standardError)")
        let reading = spoken.filter { $0.signal == "readingSegment" }
        #expect(reading.map(\.text) == [Self.english] + Self.spanish, "\(spoken)")
        #expect(reading.map(\.locale) == ["en", "es", "es"], "\(spoken)")
        // espeak-ng reports the voice it spoke with by name ("English (Great Britain)", "Spanish (Spain)").
        let voices = reading.map { $0.voice ?? "" }
        #expect(voices[0].hasPrefix("English") && voices[1].hasPrefix("Spanish") && voices[2] == voices[1], "\(spoken)")
        #expect(spoken.last == Spoken(signal: "status", text: "End of text.", locale: "en", voice: voices[0]), "\(spoken)")
    }

    @Test("--locale pins the language: every block is spoken in it, whatever it is written in", arguments: ["en", "es"])
    func aPinnedLocaleReadsEveryBlockInIt(locale: String) throws {
        let image = home.file("page.pgm")
        try Self.page().write(to: image)
        let (result, spoken) = try read([image.path, "--locale", locale])
        #expect(result.status == 0, "\(result.standardError)")
        let reading = spoken.filter { $0.signal == "readingSegment" }
        #expect(!reading.isEmpty && reading.allSatisfy { $0.locale == locale }, "\(spoken)")
        let voice = locale == "en" ? "English" : "Spanish"
        #expect(reading.allSatisfy { $0.voice?.hasPrefix(voice) == true }, "\(spoken)")
    }

    @Test("the reader is asked for every language, the person's first, unless --locale pins one",
          arguments: [([], "locales en,es,vi"), (["--locale", "es"], "locales pinned"), (["--locale", "vi"], "locales pinned")])
    func theReaderIsAskedForThePagesLanguages(extra: [String], heard: String) throws {
        let image = home.file("label.pgm")
        try Self.page().write(to: image)
        let (result, spoken) = try read([image.path] + extra, perceiver: "org.example.label")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(spoken.first?.text == heard, "\(spoken)")
    }

    /// The folder's pages: upside down twice, upright, upside down, on its side.
    static let turns: [(name: String, turn: UInt8)] = [("1.pgm", 2), ("2.pgm", 2), ("3.pgm", 0), ("4.pgm", 2), ("5.pgm", 1)]

    @Test("a folder of turned pages: the turn is said before the first page turned, again only for a new turn or after an upright page, in the person's locale",
          arguments: [("en", "The page was upside down; it was read turned around.", "The page was on its side; it was read turned upright."),
                      ("es", "La página estaba al revés; se leyó dándole la vuelta.", "La página estaba de lado; se leyó poniéndola derecha.")])
    func orientationIsSaidOncePerChange(locale: String, upsideDown: String, onItsSide: String) throws {
        let folder = home.file("turned")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for page in Self.turns { try Self.page(turn: page.turn).write(to: folder.appendingPathComponent(page.name)) }
        let (result, spoken) = try read([folder.path, "--locale", locale], perceiver: "org.example.label")
        #expect(result.status == 0, "\(result.standardError)")
        let turnNotices = spoken.filter { $0.text == upsideDown || $0.text == onItsSide }
        // Upside down, upside down, upright, upside down, on its side.
        #expect(turnNotices.map(\.text) == [upsideDown, upsideDown, onItsSide], "\(spoken)")
        #expect(turnNotices.allSatisfy { $0.locale == locale && $0.signal == "status" })
        // Each notice comes right before the reading of its page.
        let firstPage = try #require(spoken.firstIndex { $0.text == upsideDown })
        #expect(spoken[firstPage + 1].signal == "readingSegment", "\(spoken)")
        #expect(spoken.filter { $0.signal == "readingSegment" && $0.text.hasSuffix("food.") }.count == Self.turns.count, "every page read")
    }

    @Test("a page's cut edges are said before it: one edge by name, opposite edges as hold further away",
          arguments: [(UInt8(1 << 1), "The top edge of the page is out of view."), (UInt8(1 << 4), "The right edge of the page is out of view."),
                      (UInt8(1 << 3 | 1 << 4), "Hold the camera further away.")])
    func cutEdgesAreSaidBeforeThePage(flags: UInt8, heard: String) throws {
        let image = home.file("cut.pgm")
        try Self.page(flags: flags).write(to: image)
        let (result, spoken) = try read([image.path], perceiver: "org.example.mixed-page")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(spoken.first == Spoken(signal: "status", text: heard, locale: "en", voice: spoken.first?.voice), "\(spoken)")
        #expect(spoken.dropFirst().first?.signal == "readingSegment", "\(spoken)")
    }

    @Test("live, a video of a page held upside down says so once, then reads it")
    func aVideoOfATurnedPageSaysItOnce() throws {
        let image = home.file("upside-down.pgm")
        try Self.page(turn: 2).write(to: image)
        let video = home.file("held.mkv")
        // Lossless, so the fixture's turn pixel survives the encoding.
        let made = try ProcessRunner.run("ffmpeg", ["-v", "error", "-loop", "1", "-i", image.path, "-frames:v", "12", "-r", "10",
                                                    "-c:v", "ffv1", "-pix_fmt", "gray", video.path], environment: ["PATH": "/usr/bin:/bin"])
        try #require(made.status == 0, "ffmpeg: \(made.standardError)")
        let (result, spoken) = try read([video.path], perceiver: "org.example.label")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(spoken.map(\.text) == ["The page was upside down; it was read turned around.", "locales en,es,vi",
                                        "Take two tablets twice a day with food.", "End of text."], "\(spoken)")
    }
}
