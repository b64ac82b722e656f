import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge listen` end to end through the real binary: a fixture audio source in the
/// audio source's place (100 ms blocks of a square wave or silence, a microphone that is
/// unplugged after some blocks) and fixture sound perceivers that hear one label when a
/// block is loud, so every rule of what is said, when and where holds without a model or
/// a sound card (the audio source's and the classifiers' own tests hold those).
@Suite struct CLIListenTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    /// A sound perceiver that hears `label` at `confidence` in a loud block, asking the
    /// source for `rate` Hz mono.
    struct Hearing {
        var name: String
        var label: String
        var confidence: Double = 0.9
        var rate = 16000
        var crashes = false
    }

    static let alarm = Hearing(name: "alarm", label: "smoke_alarm", confidence: 0.95)
    static let doorbell = Hearing(name: "doorbell", label: "doorbell")

    /// A plugin directory with the fixture audio source (`source` defines) as the audio
    /// source, and the `hearing` perceivers.
    func plugins(source: [String: String], hearing: [Hearing]) throws -> URL {
        try Self.plugins(in: home.file("plugins-\(UUID().uuidString)"), source: source, hearing: hearing)
    }

    static func plugins(in directory: URL, source: [String: String], hearing: [Hearing]) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FixturePlugin.make(in: directory, name: "audio-source", id: "org.sensebridge.audio-source",
                               defines: ["FIXTURE_AUDIO": "1"].merging(source) { $1 },
                               manifest: ["kind": "sensing-source", "capabilities": ["modalities": ["audio"]]], source: "fixture_source.c")
        for perceiver in hearing {
            var defines = ["FIXTURE_SOUND_LABEL": "\"\(perceiver.label)\"", "FIXTURE_SOUND_CONFIDENCE": "\(perceiver.confidence)f",
                           "FIXTURE_SOUND_RATE": "\(perceiver.rate)"]
            if perceiver.crashes { defines["FIXTURE_CRASH_PERCEIVE"] = "1" }
            try FixturePlugin.make(in: directory, name: perceiver.name, id: "org.example.\(perceiver.name)", defines: defines,
                                   manifest: ["kind": "perceiver",
                                              "capabilities": ["modalities": ["sounds"], "audioInput": ["sampleRate": perceiver.rate, "channels": 1]]],
                                   source: "fixture_perceiver.c")
        }
        return directory
    }

    /// A deaf profile (captions and haptics) in `locale` whose perceivers are `perceivers`.
    func profile(_ perceivers: [String], locale: SpokenLocale = .en) throws -> URL {
        try Self.profile(perceivers, locale: locale, at: home.file("hearing-\(locale.rawValue).json"))
    }

    static func profile(_ perceivers: [String], locale: SpokenLocale = .en, at url: URL) throws -> URL {
        let profile: [String: Any] = [
            "schema": "sensebridge.output-profile/1", "name": "hearing", "locale": locale.rawValue, "detail": "standard",
            "composer": "org.sensebridge.label-list", "perceivers": perceivers,
            "renderTargets": [["id": "org.sensebridge.caption-file", "config": ["format": "vtt"]], "org.sensebridge.haptic-log"],
        ]
        try JSONSerialization.data(withJSONObject: profile).write(to: url)
        return url
    }

    func listen(_ arguments: [String], source: [String: String] = [:], hearing: [Hearing] = [alarm, doorbell],
                perceivers: [String]? = nil, locale: SpokenLocale = .en) throws -> ProcessRunner.Result {
        let plugins = try plugins(source: source, hearing: hearing)
        let profile = try profile(perceivers ?? hearing.map { "org.example.\($0.name)" }, locale: locale)
        return try listen(arguments, plugins: plugins, profile: profile)
    }

    func listen(_ arguments: [String], plugins: URL, profile: URL, environment: [String: String] = [:]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(["listen", "--profile", profile.path, "--output", home.file("out").path, "--plugin-path", plugins.path] + arguments,
                              home: home.url, extraEnvironment: environment)
    }

    /// The captions' words, their cues joined: a long sentence is wrapped over lines and
    /// cues, and an alert's lines are each marked bold.
    var captions: String { Self.captions(in: home) }

    /// The words of `home`'s out/captions.vtt, cue timings and bold marks dropped.
    static func captions(in home: TemporaryDirectory) -> String {
        let vtt = (try? String(contentsOf: home.file("out/captions.vtt"), encoding: .utf8)) ?? ""
        return vtt.split(separator: "\n").filter { $0 != "WEBVTT" && !$0.contains("-->") }
            .map { $0.replacingOccurrences(of: "<b>", with: "").replacingOccurrences(of: "</b>", with: "") }
            .joined(separator: " ")
    }
    var haptics: [[String: Any]] {
        ((try? String(contentsOf: home.file("out/haptics.jsonl"), encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    static func jsonLines(_ text: String) -> [[String: Any]] {
        text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func count(_ text: String, in whole: String) -> Int {
        whole.components(separatedBy: text).count - 1
    }

    @Test("one capture: a smoke alarm is an urgent alert in the captions and the haptic log, a doorbell a description, in each locale",
          arguments: SpokenLocale.allCases)
    func aCaptureAlertsTheAlarmAndDescribesTheDoorbell(locale: SpokenLocale) throws {
        let result = try listen(["--seconds", "1"], locale: locale)
        #expect(result.status == 0, "\(result.standardError)")
        let alarmName = SpokenVocabulary.subject(for: "smoke_alarm", locale: locale)
        let doorbellName = SpokenVocabulary.subject(for: "doorbell", locale: locale)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // The alarm first (said as soon as it was heard), the doorbell once, at the capture's end.
        #expect(lines.first?.contains(alarmName) == true && lines.last?.contains(doorbellName) == true, "\(lines)")
        #expect(lines.filter { $0.contains(doorbellName) }.count == 1, "\(lines)")
        #expect(Self.count(alarmName, in: captions) >= 1 && Self.count(doorbellName, in: captions) == 1, "\(captions)")
        let urgent = haptics.filter { $0["urgent"] as? Bool == true }
        #expect(!urgent.isEmpty, "no urgent cue in the haptic log: \(haptics)")
        #expect(haptics.contains { $0["urgent"] as? Bool != true }, "the doorbell's description has its own, ordinary cue: \(haptics)")
    }

    @Test("the most confident record per sound is kept across perceivers, and --json says one line for the capture")
    func theStrongestRecordPerSoundIsKept() throws {
        let weak = Hearing(name: "weak-doorbell", label: "doorbell", confidence: 0.6)
        let result = try listen(["--seconds", "1", "--json", "--no-render"], hearing: [weak, Self.doorbell, Self.alarm])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.jsonLines(result.standardOutput)
        #expect(lines.count == 1, "\(result.standardOutput)")
        let records = lines.first?["records"] as? [[String: Any]] ?? []
        #expect(records.map { $0["label"] as? String } == ["smoke_alarm", "doorbell"], "\(records)")
        #expect((records.last?["confidence"] as? Double).map { abs($0 - 0.9) < 1e-6 } == true, "\(records)")
        #expect((lines.first?["alerts"] as? [String])?.count == 1)
        #expect(lines.first?["nothingRecognized"] as? Bool == false)
    }

    @Test("a capture of silence says nothing was recognized, a fact about the perceivers")
    func silenceIsNothingRecognized() throws {
        let result = try listen(["--seconds", "1", "--json", "--no-render"], source: ["FIXTURE_AUDIO_AMPLITUDE": "0.0f"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = Self.jsonLines(result.standardOutput)
        #expect(lines.map { $0["sentences"] as? [String] } == [["Nothing was recognized clearly enough to name."]], "\(result.standardOutput)")
        #expect(lines.first?["nothingRecognized"] as? Bool == true)
    }

    @Test("a file is analysed whole, each line with its time; an unchanged sound is not said again")
    func aFileIsAnalysedWithTimes() throws {
        let file = home.file("kitchen.wav")
        try Data("RIFF".utf8).write(to: file)
        let source = ["FIXTURE_FRAME_COUNT": "60", "FIXTURE_AUDIO_TONE_FROM": "30", "FIXTURE_AUDIO_TONE_UNTIL": "40"]
        let result = try listen([file.path], source: source, hearing: [Self.doorbell])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "[0:03] It sounds like a doorbell.\n", "\(result.standardOutput)")
        // Two perceivers hear the doorbell in every loud block: one record each block, the surer.
        let weak = Hearing(name: "weak-doorbell", label: "doorbell", confidence: 0.6)
        let json = try listen([file.path, "--json", "--no-render"], source: source, hearing: [weak, Self.doorbell])
        let lines = Self.jsonLines(json.standardOutput)
        #expect(lines.allSatisfy { ($0["records"] as? [[String: Any]])?.map { abs(($0["confidence"] as? Double ?? 0) - 0.9) < 1e-6 } == [true] }, "\(json.standardOutput)")
        #expect(lines.map { $0["time"] as? Double } == (30..<40).map { Double($0) / 10 }, "\(json.standardOutput)")
        #expect(lines.map { $0["said"] as? Bool } == [true] + Array(repeating: false, count: 9))
        #expect(Self.count(SpokenVocabulary.subject(for: "doorbell", locale: .en), in: captions) == 1, "\(captions)")
        // Captions follow the recording: the doorbell's cue starts where it was heard in
        // the file (3.0 s), not at how fast the file decoded.
        let vtt = (try? String(contentsOf: home.file("out/captions.vtt"), encoding: .utf8)) ?? ""
        #expect(vtt.contains("00:00:03.000 --> "), "\(vtt)")
    }

    @Test("a damaged stretch of a file is skipped and the rest still heard: exit 65, not the end of the file")
    func aDamagedStretchIsSkipped() throws {
        let file = home.file("damaged.wav")
        try Data("RIFF".utf8).write(to: file)
        let source = ["FIXTURE_FRAME_COUNT": "60", "FIXTURE_AUDIO_DAMAGED_AT": "20", "FIXTURE_AUDIO_TONE_FROM": "40",
                      "FIXTURE_AUDIO_TONE_UNTIL": "50"]
        let result = try listen([file.path], source: source, hearing: [Self.doorbell])
        #expect(result.status == 65, "\(result.standardError)")
        #expect(result.standardOutput == "[0:04] It sounds like a doorbell.\n", "heard after the damage: \(result.standardOutput)")
        #expect(result.standardError.contains("a damaged stretch at 3 s could not be decoded"), "\(result.standardError)")
    }

    @Test("a file in which nothing is heard is said to be so, once, rather than left silent")
    func aQuietFileIsSaidToBeSo() throws {
        let file = home.file("quiet.wav")
        try Data("RIFF".utf8).write(to: file)
        let result = try listen([file.path], source: ["FIXTURE_FRAME_COUNT": "20", "FIXTURE_AUDIO_AMPLITUDE": "0.0f"], hearing: [Self.doorbell])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "[0:00] Nothing was recognized clearly enough to name.\n", "\(result.standardOutput)")
        #expect(Self.count("Nothing was recognized clearly enough to name.", in: captions) == 1, "\(captions)")
    }

    @Test("a microphone unplugged mid-listening: 'Listening stopped' said once in the person's words, never the plugin's; exit 69",
          arguments: SpokenLocale.allCases)
    func aLostMicrophoneIsSaidOnce(locale: SpokenLocale) throws {
        let result = try listen(["--continuous"], source: ["FIXTURE_AUDIO_LOST_AFTER": "5"], locale: locale)
        #expect(result.status == 69, "\(result.standardError)")
        let lost = Phrasing.status(.listeningLost(.microphoneGone), locale: locale)
        #expect(Self.count(lost, in: captions) == 1, "\(captions)")
        #expect(Self.count(Phrasing.status(.listeningStarted, locale: locale), in: captions) == 1, "\(captions)")
        #expect(!captions.contains(Phrasing.status(.listeningEnded, locale: locale)), "a lost microphone is not a stop asked for")
        // The plugin's own words reach the terminal only.
        #expect(result.standardError.contains("hw:9,0") && !captions.contains("hw:9,0"), "\(result.standardError)")
        // The alarm was heard, then the microphone died: never "no longer heard".
        #expect(haptics.contains { $0["urgent"] as? Bool == true })

        // The marker stayed: the next start (its service restarting it) says so, once.
        let again = try listen(["--continuous"], source: ["FIXTURE_AUDIO_LOST_AFTER": "2"], locale: locale)
        #expect(again.status == 69)
        #expect(Self.count(Phrasing.status(.listeningResumed, locale: locale), in: captions) == 1, "\(captions)")
    }

    @Test("SIGTERM ends continuous listening as asked: 'Stopped listening' said once, exit 143, and the next start is no restart")
    func aSignalStopsListening() throws {
        let plugins = try plugins(source: ["FIXTURE_FRAME_COUNT": "100000", "FIXTURE_FRAME_US": "100000"], hearing: [Self.doorbell])
        let profile = try profile(["org.example.doorbell"])
        let child = try ProcessRunner.startCLI(["listen", "--continuous", "--json", "--profile", profile.path, "--output", home.file("out").path,
                                                "--plugin-path", plugins.path], home: home.url)
        let heard = try #require(child.firstLine(startingWith: #"{"#, timeout: 60), "listening never heard the doorbell")
        #expect(heard.contains("doorbell"))
        #expect(FileManager.default.fileExists(atPath: home.file("state/sensebridge/listening.json").path), "the marker is written while listening")
        #expect(kill(child.pid, SIGTERM) == 0)
        let ended = child.termination(within: 30)
        if ended == nil { child.kill() }
        #expect(ended == .exited(143), "\(String(describing: ended))")
        #expect(Self.count("Listening for sounds.", in: captions) == 1 && Self.count("Stopped listening for sounds.", in: captions) == 1,
                "'Listening' said once at the start and once at the end: \(captions)")
        #expect(!FileManager.default.fileExists(atPath: home.file("state/sensebridge/listening.json").path), "a stop asked for removes the marker")
    }

    @Test("a sound perceiver that crashes on every block is said once; the other still describes; exit 69")
    func aCrashingPerceiverIsSaidOnce() throws {
        let file = home.file("kitchen.wav")
        try Data("RIFF".utf8).write(to: file)
        let crashing = Hearing(name: "crashing", label: "siren", crashes: true)
        let result = try listen([file.path, "--isolate", "--json"], source: ["FIXTURE_FRAME_COUNT": "10"], hearing: [crashing, Self.doorbell])
        #expect(result.status == 69, "\(result.standardError)")
        #expect(Self.count(Phrasing.status(.perceiverFailed(.sound), locale: .en), in: captions) == 1, "\(captions)")
        #expect(Self.count("doorbell", in: captions) == 1, "\(captions)")
        let lines = Self.jsonLines(result.standardOutput)
        #expect(lines.allSatisfy { $0["failedPerceivers"] as? [String] == ["sound"] }, "\(result.standardOutput)")
        #expect(!captions.contains("org.example"), "\(captions)")
    }

    @Test("at the most talkative log level no sound heard is logged, and nothing is written but the outputs")
    func nothingHeardIsLoggedOrWritten() throws {
        let canary = Hearing(name: "canary", label: "xqcanary", confidence: 0.8125)
        let plugins = try plugins(source: [:], hearing: [canary, Self.doorbell])
        let profile = try profile(["org.example.canary", "org.example.doorbell"])
        try FileManager.default.createDirectory(at: home.file("tmp"), withIntermediateDirectories: true)
        let before = try Self.files(under: home.url)
        let result = try listen(["--seconds", "1", "--json"], plugins: plugins, profile: profile,
                                environment: ["SENSEBRIDGE_LOG": "debug", "TMPDIR": home.file("tmp").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("xqcanary"), "the canary was heard: \(result.standardOutput)")
        let logLines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("sensebridge[") }
        #expect(logLines.contains { $0.contains("listen.moment") }, "the session logs its events: \(logLines)")
        for canary in ["xqcanary", "0.8125", "doorbell"] {
            #expect(!logLines.contains { $0.contains(canary) }, "\(canary) reached the log: \(logLines.filter { $0.contains(canary) })")
        }
        let written = try Self.files(under: home.url).subtracting(before)
        #expect(written.allSatisfy { $0.hasPrefix("out/") }, "listening wrote \(written.sorted())")
        #expect(written.contains("out/captions.vtt"))
    }

    static func files(under root: URL) throws -> Set<String> {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var paths: Set<String> = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            paths.insert(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return paths
    }

    @Test("sound perceivers that ask for different audio, or none that hears, make the profile unfit: exit 78 before the microphone opens")
    func perceiversMustAgree() throws {
        let fast = Hearing(name: "fast", label: "siren", rate: 44100)
        let mixed = try listen([], hearing: [Self.doorbell, fast])
        #expect(mixed.status == 78, "\(mixed.standardError)")
        #expect(mixed.standardError.contains("org.example.fast 44100 Hz") && mixed.standardError.contains("org.example.doorbell 16000 Hz"),
                "\(mixed.standardError)")
        let none = try listen([], hearing: [Self.doorbell], perceivers: ["org.sensebridge.object-detector"])
        #expect(none.status == 78 && none.standardError.contains("hears sounds"), "\(none.standardError)")
    }

    @Test("the picture commands leave a profile's sound perceivers out: describe hands them no picture")
    func describeLeavesTheSoundPerceiversOut() throws {
        let plugins = try plugins(source: [:], hearing: [Self.doorbell])
        try FixturePlugin.make(in: plugins, name: "bands", id: "org.example.bands", defines: ["FIXTURE_ROW_US": "0"],
                               manifest: ["kind": "perceiver", "capabilities": ["modalities": ["text"]]], source: "fixture_perceiver.c")
        let profile = try profile(["org.example.doorbell", "org.example.bands"])
        let page = home.file("page.pgm")
        try CLIReadTests.page([(20, 0.96)]).write(to: page)
        let result = try ProcessRunner.cli(["describe", page.path, "--no-render", "--profile", profile.path, "--plugin-path", plugins.path],
                                           home: home.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "The text appears to say: band 1\n", "\(result.standardOutput)")
    }

    @Test("what to listen to is one file or a microphone, with a capture's seconds or --continuous: anything else is a usage error")
    func inputIsChecked() throws {
        let file = home.file("kitchen.wav")
        try Data("RIFF".utf8).write(to: file)
        for arguments in [["--seconds", "0"], ["--seconds", "soon"], ["--seconds", "2", "--continuous"], [file.path, "--continuous"],
                          [file.path, "--seconds", "2"], [file.path, file.path]] {
            let result = try listen(arguments)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
        }
        let missing = try listen([home.file("nowhere.wav").path])
        #expect(missing.status == 66 && missing.standardError.contains("nowhere.wav"), "\(missing.standardError)")
    }
}
