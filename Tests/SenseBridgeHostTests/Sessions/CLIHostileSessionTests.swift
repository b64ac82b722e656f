import Foundation
import SenseBridgeProcess
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// The host survives its plugins, as a person meets it: `describe` and `walk` through
/// the real binary with a composer, a render target or a sensing source that crashes,
/// hangs, ignores cancel, prints on stdout, leaks or garbles its pipe. Every run ends
/// with exit 0; the loss is said exactly once; the caption file and the haptic log
/// (the channels that still work) hold everything that was said; stdout holds only
/// what SenseBridge said; and no runner process outlives the run.
@Suite struct CLIHostileSessionTests {
    typealias Mode = MisbehavingPlugin.Mode

    let home: TemporaryDirectory
    let plugins: TemporaryDirectory
    let output: TemporaryDirectory
    static let composerID = "org.example.bad-composer"
    static let targetID = "org.example.bad-target"
    /// The whole sentence, not its opening: a status cut off by an alert after its first
    /// cue is written again whole after the alert (`TargetWorker`: said once is said
    /// whole), so the caption file may hold its opening twice but the sentence once.
    static let composerLost = Phrasing.status(.composerStopped, locale: .en)
    static let targetLost = "output stopped working"
    static let sensingStopped = "Sensing stopped"

    init() throws {
        home = try TemporaryDirectory()
        plugins = try TemporaryDirectory()
        output = try TemporaryDirectory()
        try MisbehavingPlugin.make(in: plugins.url, kind: .sceneComposer, id: Self.composerID)
        try MisbehavingPlugin.make(in: plugins.url, kind: .renderTarget, id: Self.targetID)
    }

    /// What a profile entry says about one fixture.
    struct Entry {
        var mode: Mode
        var inProcess = false
        var memoryLimitMiB: Int?

        func json(id: String) -> [String: Any] {
            var entry: [String: Any] = ["id": id, "config": MisbehavingPlugin.jsonObject(MisbehavingPlugin.config(mode))]
            if inProcess { entry["isolation"] = "in-process" }
            if let memoryLimitMiB { entry["memoryLimitMiB"] = memoryLimitMiB }
            return entry
        }
    }

    /// Captions and haptics always; the bad composer and the bad target when given.
    func profile(composer: Entry? = nil, target: Entry? = nil) throws -> URL {
        var targets: [Any] = [["id": "org.sensebridge.caption-file", "config": ["format": "vtt"]], "org.sensebridge.haptic-log"]
        if let target { targets.append(target.json(id: Self.targetID)) }
        let object: [String: Any] = [
            "schema": "sensebridge.output-profile/1", "name": "hostile", "locale": "en", "detail": "standard",
            "composer": composer?.json(id: Self.composerID) ?? "org.sensebridge.label-list",
            "fallbackComposer": "org.sensebridge.label-list", "renderTargets": targets,
        ]
        let url = plugins.url.appendingPathComponent("hostile-profile.json")
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
        return url
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["--plugin-path", plugins.url.path] + arguments, home: home.url,
                              extraEnvironment: ["SWIFT_BACKTRACE": "enable=no"], timeout: 150)
    }

    func describe(_ profile: URL) throws -> ProcessRunner.Result {
        let sample = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")
        return try cli(["describe", "--records", sample.path, "--profile", profile.path, "--output", output.url.path])
    }

    func walk(_ profile: URL) throws -> ProcessRunner.Result {
        try cli(["walk", "--fast", "--narration-interval", "1", "--profile", profile.path, "--output", output.url.path])
    }

    var captionFile: String {
        (try? String(contentsOf: output.file("captions.vtt"), encoding: .utf8)) ?? ""
    }

    /// The words of every cue in order, lines joined: a sentence wraps across lines and
    /// cues, and is still all there.
    var captions: String {
        captionFile.split(separator: "\n").filter { !$0.contains("-->") && $0 != "WEBVTT" }.joined(separator: " ")
    }

    func occurrences(_ text: String, in haystack: String) -> Int {
        haystack.components(separatedBy: text).count - 1
    }

    /// What a walk printed ("   0.85  description  It …"), as signal and text.
    func walkLines(_ result: ProcessRunner.Result) -> [(signal: String, text: String)] {
        result.standardOutput.split(separator: "\n").map { line in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            return fields.count == 3 ? (String(fields[1]), String(fields[2]).trimmingCharacters(in: .whitespaces)) : ("", String(line))
        }
    }

    func walkTexts(_ result: ProcessRunner.Result) -> [String] { walkLines(result).map(\.text) }

    /// A walk's channels hold every message but at most one description per alert: an
    /// urgent alert cuts off the routine render in progress (by design; a status or
    /// summary cut off is said again after the alert, a description is not).
    func expectWalkSurvived(_ result: ProcessRunner.Result, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = walkLines(result)
        expectSurvived(result, said: lines.filter { $0.signal != "description" }.map(\.text), sourceLocation: sourceLocation)
        let captions = self.captions
        let missing = lines.filter { $0.signal == "description" && !captions.contains($0.text) }
        let alerts = lines.filter { $0.signal == "alert" }.count
        #expect(missing.count <= alerts, "descriptions missing from the captions: \(missing.map(\.text))", sourceLocation: sourceLocation)
        #expect(missing.count < lines.filter { $0.signal == "description" }.count, "no description reached the captions",
                sourceLocation: sourceLocation)
    }

    /// Runner processes started for this test's home that are still alive.
    func runnersLeft() -> [pid_t] {
        PluginRunners.left(home: home.url)
    }

    /// What holds for every hostile run: it ended well, the other channels are whole,
    /// stdout carries no plugin's print, no runner is left.
    func expectSurvived(_ result: ProcessRunner.Result, said: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(!said.isEmpty, "nothing was said: \(result.standardError)", sourceLocation: sourceLocation)
        #expect(!result.standardOutput.contains("SAFE"), sourceLocation: sourceLocation)
        #expect(captionFile.hasPrefix("WEBVTT\n"), "\(captionFile.prefix(200))", sourceLocation: sourceLocation)
        let captions = self.captions
        for sentence in said {
            #expect(captions.contains(sentence), "the caption file lacks \"\(sentence)\"", sourceLocation: sourceLocation)
        }
        let haptics = ((try? String(contentsOf: output.file("haptics.jsonl"), encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(!haptics.isEmpty, sourceLocation: sourceLocation)
        for line in haptics {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "haptic line is not JSON: \(line)",
                    sourceLocation: sourceLocation)
        }
        #expect(runnersLeft().isEmpty, "runners left behind: \(runnersLeft())", sourceLocation: sourceLocation)
    }

    // MARK: describe

    @Test(arguments: [Mode.segfault, .abort, .exit, .garbage, .hang, .ignoreCancel])
    func describeSurvivesAnIsolatedComposerThat(_ mode: Mode) throws {
        let result = try describe(try profile(composer: Entry(mode: mode)))
        let sentences = result.standardOutput.split(separator: "\n").map(String.init)
        expectSurvived(result, said: sentences)
        #expect(sentences.dropFirst().first == "It looks like there's a chair and a door.", "the fallback's words, after the scene's alarm: \(sentences)")
        #expect(occurrences(Self.composerLost, in: captions) == 1, "\(captions)")
        #expect(result.standardError.contains("\(Self.composerID) (isolated)"), "\(result.standardError)")
    }

    @Test(arguments: [Mode.hang, .ignoreCancel, .cancelNotDeadline])
    func describeSurvivesAComposerInProcessThat(_ mode: Mode) throws {
        let started = Date()
        let result = try describe(try profile(composer: Entry(mode: mode, inProcess: true)))
        let sentences = result.standardOutput.split(separator: "\n").map(String.init)
        expectSurvived(result, said: sentences)
        // describe's deadline is 8 s; the plugin would have gone on for 30 or 40.
        #expect(Date().timeIntervalSince(started) < 25)
        #expect(sentences.dropFirst().first == "It looks like there's a chair and a door.", "after the scene's alarm: \(sentences)")
        if mode == .cancelNotDeadline {
            #expect(result.standardError.contains("(cancelled)"), "the host cancelled at the deadline: \(result.standardError)")
        } else {
            #expect(occurrences(Self.composerLost, in: captions) == 1, "\(captions)")
        }
    }

    @Test(arguments: [false, true])
    func aComposerPrintingOnStdoutNeverReachesIt(inProcess: Bool) throws {
        let result = try describe(try profile(composer: Entry(mode: .stdout, inProcess: inProcess)))
        let sentences = result.standardOutput.split(separator: "\n").map(String.init)
        expectSurvived(result, said: sentences)
        #expect(result.standardError.contains("plugin.stdout-dropped"), "\(result.standardError)")
        #expect(occurrences(Self.composerLost, in: captions) == 0)
    }

    @Test(arguments: [Mode.segfault, .hang, .garbage])
    func describeSurvivesAnIsolatedRenderTargetThat(_ mode: Mode) throws {
        let result = try describe(try profile(target: Entry(mode: mode)))
        let sentences = result.standardOutput.split(separator: "\n").map(String.init)
        expectSurvived(result, said: sentences)
        #expect(occurrences(Self.targetLost, in: captions) == 1, "\(captions)")
    }

    @Test func describeSurvivesARenderTargetInProcessThatHangs() throws {
        let result = try describe(try profile(target: Entry(mode: .hang, inProcess: true)))
        expectSurvived(result, said: result.standardOutput.split(separator: "\n").map(String.init))
        #expect(occurrences(Self.targetLost, in: captions) == 1, "\(captions)")
    }

    // MARK: walk

    @Test(arguments: [Mode.segfault, .garbage])
    func aWalkGoesOnAfterItsComposerCrashesEveryTime(_ mode: Mode) throws {
        let result = try walk(try profile(composer: Entry(mode: mode)))
        let texts = walkTexts(result)
        expectWalkSurvived(result)
        // Said once, although it crashed again at every restart the budget allowed.
        #expect(occurrences(Self.composerLost, in: captions) == 1, "\(captions)")
        #expect(result.standardError.contains("plugin=\(Self.composerID) ended=\(Self.composerID) (isolated)"), "\(result.standardError)")
        #expect(texts.contains { $0.hasPrefix("This session ran for") })
    }

    @Test(arguments: [false, true])
    func aWalkGoesOnAfterItsComposerHangs(inProcess: Bool) throws {
        let result = try walk(try profile(composer: Entry(mode: .hang, inProcess: inProcess)))
        let texts = walkTexts(result)
        expectWalkSurvived(result)
        #expect(occurrences(Self.composerLost, in: captions) == 1, "\(captions)")
        #expect(texts.contains { $0.hasPrefix("It looks like") || $0.hasPrefix("It may be") }, "the fallback describes: \(texts)")
    }

    @Test func aLeakingComposerEndsAtItsMemoryLimitAndTheWalkGoesOn() throws {
        let result = try walk(try profile(composer: Entry(mode: .leak, memoryLimitMiB: 192)))
        expectWalkSurvived(result)
        #expect(occurrences(Self.composerLost, in: captions) == 1, "\(captions)")
        #expect(result.standardError.contains("if it ran out of memory: its limit was 192 MiB"), "\(result.standardError)")
    }

    @Test func aWalkGoesOnWhenARenderTargetAborts() throws {
        let result = try walk(try profile(target: Entry(mode: .abort)))
        expectWalkSurvived(result)
        #expect(occurrences(Self.targetLost, in: captions) == 1, "\(captions)")
    }

    /// The walk's source is found by id; a fixture with that id on --plugin-path shadows
    /// the shipped replay source, as a third party's would.
    @Test(arguments: [Mode.segfault, .hang, .exit, .ringOverrun])
    func aWalkWhoseSourceStopsSaysSoOnceAndEnds(_ mode: Mode) throws {
        let source = try MisbehavingPlugin.make(in: plugins.url, kind: .sensingSource, id: "org.sensebridge.replay-source")
        var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: source.manifestURL)) as? [String: Any])
        var config = try #require(manifest["config"] as? [String: Any])
        var schema = try #require(config["schema"] as? [String: Any])
        schema["pace"] = ["type": "string"]
        schema["path"] = ["type": "string"]
        config["schema"] = schema
        config["defaults"] = ["mode": mode.rawValue, "from": 5, "frame": "records"]
        manifest["config"] = config
        try JSONSerialization.data(withJSONObject: manifest).write(to: source.manifestURL)

        let result = try walk(try profile())
        let texts = walkTexts(result)
        expectWalkSurvived(result)
        #expect(occurrences(Self.sensingStopped, in: captions) == 1, "\(captions)")
        #expect(texts.last == Phrasing.status(.sessionStopped, locale: .en), "\(texts)")
    }
}
