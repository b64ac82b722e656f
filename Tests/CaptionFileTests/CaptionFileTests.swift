import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The caption target loaded from its built library through the host; every file it
/// writes is read back by parsers that share no code with it.
@Suite struct CaptionFileTests {
    let host: PluginHost
    let manifest: PluginManifest
    static let needsPython = "webvtt-py and srt could not be installed (python3 -m pip install webvtt-py srt); skipped"

    init() throws {
        _ = try RepositoryPaths.stagedManifest("caption-file.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: "org.sensebridge.caption-file")
    }

    static let messages: [OutputMessage] = [
        OutputMessage(signal: .description, text: "I think there is a chair and a doorway ahead of you, possibly with a small table beside it near the wall.", sessionTime: 0.5, sequence: 1),
        OutputMessage(signal: .readingSegment, text: "Sign: <b>EXIT</b> & stairs --> left", sessionTime: 1.0, sequence: 2),
        OutputMessage(signal: .awarenessAlert, text: "Stop.", isUrgent: true, sessionTime: 30, sequence: 3),
        OutputMessage(signal: .status, text: "line one\n\nline two\r\n-->", sessionTime: 2, sequence: 4),
        OutputMessage(signal: .description, text: "Có thể có một cái ghế ở phía trước, gần cửa sổ.", locale: .vi, sessionTime: 40, sequence: 5),
    ]

    func write(_ format: CaptionFormat, into directory: TemporaryDirectory) throws -> URL {
        let target = try host.renderTarget(manifest, config: ["format": .string(format.rawValue)], outputDirectory: directory.url)
        for message in Self.messages { try target.render(message) }
        return directory.file("captions.\(format.rawValue)")  // the default path follows the format
    }

    func unescape(_ line: String, _ format: CaptionFormat) -> String {
        switch format {
        case .vtt: return line.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        case .srt: return line.replacingOccurrences(of: "＜", with: "<").replacingOccurrences(of: "＞", with: ">")
        }
    }

    /// Rules checked on what an independent parser read, not on what the plugin meant.
    func checkRules(_ cues: [IndependentCaptionParsers.Cue], _ format: CaptionFormat) {
        var expected = CaptionLayout()
        let expectedCues = Self.messages.flatMap { expected.cues(for: $0.text, at: $0.sessionTime) }
        #expect(cues.count == expectedCues.count)
        #expect(cues.first?.start == 500)
        #expect(cues.contains { $0.start == 30_000 && $0.lines == ["Stop."] })
        for (previous, cue) in zip(cues, cues.dropFirst()) {
            #expect(cue.start >= previous.end, "cue at \(cue.start) runs back into one ending \(previous.end)")
        }
        for cue in cues {
            #expect(cue.end - cue.start >= 1000)
            #expect((1...2).contains(cue.lines.count))
            for line in cue.lines {
                #expect(unescape(line, format).count <= 42, "\(line)")
                #expect(!line.contains("-->"), "\(line)")
            }
        }
        let words = cues.flatMap(\.lines).map { unescape($0, format) }.joined(separator: " ")
        let original = Self.messages.map(\.text).joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words == original, "the text read back is the text written, markup and all")
    }

    @Test(.enabled(if: IndependentCaptionParsers.python, Comment(rawValue: needsPython)))
    func webVTTIsReadByAnIndependentParser() throws {
        let directory = try TemporaryDirectory()
        let file = try write(.vtt, into: directory)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("WEBVTT\n\n"))
        #expect(text.contains("Sign: &lt;b&gt;EXIT&lt;/b&gt; &amp; stairs --&gt; left"))
        checkRules(try IndependentCaptionParsers.parse(file, format: "vtt"), .vtt)
    }

    @Test(.enabled(if: IndependentCaptionParsers.python, Comment(rawValue: needsPython)))
    func subRipIsReadByAnIndependentParser() throws {
        let directory = try TemporaryDirectory()
        let file = try write(.srt, into: directory)
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("1\n00:00:00,500 --> "))
        checkRules(try IndependentCaptionParsers.parse(file, format: "srt"), .srt)
    }

    @Test(.enabled(if: IndependentCaptionParsers.python && IndependentCaptionParsers.ffmpeg,
                   Comment(rawValue: "ffmpeg or " + needsPython)))
    func ffmpegReadsBothFormatsAlike() throws {
        let directory = try TemporaryDirectory()
        for format in CaptionFormat.allCases {
            let file = try write(format, into: directory)
            let direct = try IndependentCaptionParsers.parse(file, format: format.rawValue)
            let viaFFmpeg = try IndependentCaptionParsers.throughFFmpeg(file, scratch: directory.url)
            #expect(viaFFmpeg.map(\.start) == direct.map(\.start), "\(format)")
            #expect(viaFFmpeg.map(\.end) == direct.map(\.end), "\(format)")
        }
    }

    @Test(.enabled(if: IndependentCaptionParsers.python, Comment(rawValue: needsPython)))
    func aLaterSessionContinuesAfterTheLastCueAndATornCueIsDropped() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("captions.vtt")
        do {
            let first = try host.renderTarget(manifest, config: ["path": .string(path.path)])
            try first.render(OutputMessage(signal: .description, text: "From the first session.", sessionTime: 5))
        }
        let handle = try FileHandle(forWritingTo: path)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("00:00:09.000 --> 00:0".utf8))  // the power went mid-cue
        try handle.close()
        let before = try IndependentCaptionParsers.parse(directory.file("captions.vtt"), format: "vtt")
        #expect(before.count <= 1)

        let second = try host.renderTarget(manifest, config: ["path": .string(path.path)])
        try second.render(OutputMessage(signal: .description, text: "The second session starts its clock at zero.", sessionTime: 0))
        let cues = try IndependentCaptionParsers.parse(path, format: "vtt")
        #expect(cues.count == 2)
        #expect(cues[0].lines == ["From the first session."])
        #expect(cues[1].start >= cues[0].end, "a resumed file never runs backwards")
        #expect(try String(contentsOf: path, encoding: .utf8).components(separatedBy: "WEBVTT").count == 2, "one header")
    }

    /// Invariant 10: a safety alert stands out of the captions around it, in both formats;
    /// an obstacle alert and a description stay plain. Where ffmpeg is installed it reads
    /// the mark as markup (bold), not as text.
    @Test func aSafetyAlertIsCaptionedBold() throws {
        let directory = try TemporaryDirectory()
        for format in CaptionFormat.allCases {
            let target = try host.renderTarget(manifest, config: ["format": .string(format.rawValue)], outputDirectory: directory.url)
            try target.render(OutputMessage(signal: .description, text: "It sounds like a doorbell.", sessionTime: 1, sequence: 1))
            try target.render(OutputMessage(signal: .safetyAlert, text: "Alert: it sounds like a smoke alarm.", isUrgent: true,
                                            sessionTime: 5, sequence: 2))
            try target.render(OutputMessage(signal: .awarenessAlert, text: "Stop.", isUrgent: true, sessionTime: 9, sequence: 3))
            let file = directory.file("captions.\(format.rawValue)")
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(lines.contains("<b>Alert: it sounds like a smoke alarm.</b>"), "\(format): \(lines)")
            #expect(lines.contains("It sounds like a doorbell.") && lines.contains("Stop."), "\(format): \(lines)")
            #expect(lines.filter { $0.contains("<b>") }.count == 1, "\(format): \(lines)")
            if IndependentCaptionParsers.python && IndependentCaptionParsers.ffmpeg {
                let read = try IndependentCaptionParsers.throughFFmpeg(file, scratch: directory.url)
                #expect(read.map(\.lines) == [["It sounds like a doorbell."], ["<b>Alert: it sounds like a smoke alarm.</b>"], ["Stop."]],
                        "\(format)")
            }
        }
    }

    @Test func aSecondSessionOnTheSameFileIsRefusedWhileTheFirstWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("captions.vtt")
        let first = try host.renderTarget(manifest, config: ["path": .string(path.path)])
        do {
            _ = try host.renderTarget(manifest, config: ["path": .string(path.path)])
            Issue.record("two sessions writing one caption file")
        } catch let error as PluginCallError {
            #expect(error.message.contains(path.path))
        }
        try first.render(OutputMessage(signal: .description, text: "still writing"))
    }

    @Test func filesThatAreNotOursAreRefusedUntouched() throws {
        let directory = try TemporaryDirectory()
        let vtt = try directory.write("talk.vtt", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nSomeone's own captions\n\n")
        let letter = try directory.write("letter.srt", "Dear Sam,\n\nSee you at three.\n")
        let cases: [(URL, String, String)] = [(vtt, "srt", "WebVTT"), (letter, "srt", "not a caption file"), (letter, "vtt", "not a caption file")]
        for (file, format, reason) in cases {
            let before = try Data(contentsOf: file)
            do {
                _ = try host.renderTarget(manifest, config: ["path": .string(file.path), "format": .string(format)])
                Issue.record("opened \(file.lastPathComponent) as \(format)")
            } catch let error as PluginCallError {
                #expect(error.message.contains(file.path), "\(error.message)")
                #expect(error.message.contains(reason), "\(error.message)")
            }
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test func invalidConfigIsRefusedNamingTheKey() throws {
        for (config, key) in [(#"{"format": "ass"}"#, "'format'"), (#"{"fromat": "srt"}"#, "'fromat'"), (#"{"path": ""}"#, "'path'")] {
            do {
                _ = try host.renderTarget(manifest, rawConfig: config)
                Issue.record("created with \(config)")
            } catch let error as PluginCallError {
                #expect(error.status == 2 && error.message.contains(key), "\(config): \(error.message)")
            }
        }
    }
}
