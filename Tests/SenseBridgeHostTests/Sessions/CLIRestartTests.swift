import Foundation
import SenseBridgeCore
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing

/// A shipped render target or sensing source whose runner dies by SIGSEGV in the middle
/// of a real walk, through the real binary, every plugin isolated: the walk goes on to
/// its normal end, the loss is said exactly once and the return exactly once, what the
/// target wrote before the crash is still there and was added to after it, a restarted
/// source hands on no frame twice, and no runner outlives the walk.
@Suite(.serialized) struct CLIRestartTests {
    let home: TemporaryDirectory
    let output: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        output = try TemporaryDirectory()
    }

    static let targetLost = "stopped working: its plugin crashed"
    static let targetBack = "is working again: SenseBridge restarted its plugin."
    static let sensingLost = Phrasing.status(.sensingInterrupted, locale: .en)
    static let sensingBack = Phrasing.status(.sensingResumed, locale: .en)

    func recording(times: Int) throws -> URL {
        try CorridorRecording.write(times: times, to: home.file("corridor-\(times).recording.jsonl"))
    }

    /// Captions, haptics and espeak-ng speech written as WAV files: every output a walk
    /// can have on a machine without a sound card, each a file the test can read.
    func profile() throws -> URL {
        let object: [String: Any] = [
            "schema": "sensebridge.output-profile/1", "name": "restart", "locale": "en", "detail": "standard",
            "composer": "org.sensebridge.label-list", "fallbackComposer": "org.sensebridge.label-list",
            "renderTargets": [["id": "org.sensebridge.caption-file", "config": ["format": "vtt"]], "org.sensebridge.haptic-log",
                              ["id": "org.sensebridge.espeak-speech", "config": ["output": "wav"]]],
        ]
        let url = home.file("restart-profile.json")
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: url)
        return url
    }

    /// What each target wrote, as a file whose earlier content must survive its restart.
    func writtenFile(_ pluginID: String) -> URL {
        switch pluginID {
        case "org.sensebridge.caption-file": return output.file("captions.vtt")
        case "org.sensebridge.haptic-log": return output.file("haptics.jsonl")
        default: return output.file("speech/speech.jsonl")
        }
    }

    func contents(_ url: URL) -> String {
        (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }

    fileprivate func start(_ arguments: [String]) throws -> (child: SpawnedChild, errors: Collected) {
        let child = try ProcessRunner.startCLI(["--isolate"] + arguments, home: home.url,
                                               extraEnvironment: ["SWIFT_BACKTRACE": "enable=no"])
        let errors = Collected()
        errors.collect(child.standardError)
        return (child, errors)
    }

    func runnersLeft() -> [pid_t] { PluginRunners.left(home: home.url) }

    func occurrences(_ text: String, in haystack: String) -> Int {
        haystack.components(separatedBy: text).count - 1
    }

    // MARK: render targets

    @Test(arguments: ["org.sensebridge.caption-file", "org.sensebridge.haptic-log", "org.sensebridge.espeak-speech"])
    func aWalkGoesOnThroughATargetKilledBySIGSEGV(_ pluginID: String) throws {
        let written = writtenFile(pluginID)
        let (child, errors) = try start(["walk", "--recording", try recording(times: 2).path, "--narration-interval", "2",
                                         "--profile", try profile().path, "--output", output.url.path])
        defer { child.kill() }
        // Mid-walk: the target has written something, and its runner is there to kill.
        var runner: pid_t?
        let found = waitFor(seconds: 60) {
            runner = PluginRunners.children(of: child.pid, serving: pluginID).first
            return runner != nil && contents(written).count > 8
        }
        try #require(found, "no runner of \(pluginID) wrote anything: \(errors.text)")
        let before = contents(written)
        #expect(kill(try #require(runner), SIGSEGV) == 0)

        let said = String(decoding: SpawnedChild.readToEnd(child.standardOutput), as: UTF8.self)
        let ended = child.termination(within: 60)
        #expect(ended == .exited(0), "\(said)\n\(errors.text)")
        // Its normal end: the whole walk, its summary and its last word.
        #expect(said.contains("This session ran for"), "\(said)")
        #expect(said.contains(Phrasing.status(.sessionStopped, locale: .en)), "\(said)")
        #expect(occurrences(Self.targetLost, in: said) == 1, "the loss, once: \(said)")
        #expect(occurrences(Self.targetBack, in: said) == 1, "the return, once: \(said)")
        #expect(!said.contains("kept failing"), "\(said)")
        // Nothing written before is lost, and the restarted instance went on writing.
        let after = contents(written)
        #expect(after.hasPrefix(before), "what was written before the crash changed:\n\(before)\n---\n\(after)")
        #expect(after.count > before.count, "nothing was written after the restart")
        if pluginID == "org.sensebridge.caption-file" {
            #expect(occurrences("WEBVTT", in: after) == 1, "the file was started again: \(after)")
            let words = after.split(separator: "\n").filter { !$0.contains("-->") }.joined(separator: " ")
            #expect(words.contains("is working again"), "the return reached the captions themselves: \(words)")
        }
        #expect(runnersLeft().isEmpty, "runners left behind: \(runnersLeft())")
    }

    // MARK: sensing sources

    /// The alerts of a walk as printed ("   4.25  alert        …"): their times and words.
    func alerts(in said: String) -> [String] {
        said.split(separator: "\n").filter { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first == "alert" }
            .map(String.init)
    }

    @Test func aFastReplayKilledBySIGSEGVResumesWhereItStopped() throws {
        let recording = try recording(times: 60)
        let arguments = ["walk", "--fast", "--recording", recording.path, "--narration-interval", "20",
                         "--profile", try profile().path, "--output", output.url.path]
        let clean = try ProcessRunner.cli(["--isolate"] + arguments, home: home.url, timeout: 300)
        #expect(clean.status == 0, "\(clean.standardError)")
        let expectedAlerts = alerts(in: clean.standardOutput)
        try #require(expectedAlerts.count > 20, "\(clean.standardOutput)")
        try FileManager.default.removeItem(at: output.url)
        try FileManager.default.createDirectory(at: output.url, withIntermediateDirectories: true)

        let (child, errors) = try start(arguments)
        defer { child.kill() }
        // Well into the walk (its sixth time down the corridor), so a replay started again
        // from its beginning would say alerts already said.
        let alerted = child.firstLine(startingWith: "  53.75  alert", timeout: 120)
        try #require(alerted != nil, "the walk never reached 53.75 s: \(errors.text)")
        // Held still while its source is found and killed, so the kill lands mid-walk
        // however fast the replay goes.
        #expect(kill(child.pid, SIGSTOP) == 0)
        let runner = PluginRunners.children(of: child.pid, serving: "org.sensebridge.replay-source").first
        if let runner { kill(runner, SIGSEGV) }
        #expect(kill(child.pid, SIGCONT) == 0)
        try #require(runner != nil, "no replay runner was found")

        let said = String(decoding: SpawnedChild.readToEnd(child.standardOutput), as: UTF8.self)
        let ended = child.termination(within: 300)
        #expect(ended == .exited(0), "\(said)\n\(errors.text)")
        #expect(occurrences(Self.sensingLost, in: said) == 1, "the loss, once: \(said)")
        #expect(occurrences(Self.sensingBack, in: said) == 1, "the return, once: \(said)\n\(errors.text)")
        #expect(!said.contains(Phrasing.status(.sensingStopped, locale: .en)), "\(said)")
        // Resumed where it stopped: the walk's alerts are the uninterrupted walk's, none
        // said twice (a replay from the start) and none missing (a walk that ended).
        // The walk's time never goes back: nothing of the recording is said twice.
        let times = said.split(separator: "\n").compactMap { Double($0.split(separator: " ").first ?? "") }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "the walk went back in time: \(said.prefix(600))")
        let heard = alerts(in: said)
        #expect(heard.count <= expectedAlerts.count)
        #expect(Array(expectedAlerts.suffix(heard.count)) == heard, "alerts differ from the walk without a crash")
        #expect(said.contains(clean.standardOutput.split(separator: "\n").first { $0.contains("This session ran for") }.map(String.init) ?? "-"),
                "the walk did not reach the recording's end: \(said.suffix(400))")
        #expect(runnersLeft().isEmpty, "runners left behind: \(runnersLeft())")
    }

    @Test func aPacedReplayKilledBySIGSEGVEndsTheWalkSayingSoOnce() throws {
        let (child, errors) = try start(["walk", "--recording", try recording(times: 2).path, "--narration-interval", "2",
                                         "--profile", try profile().path, "--output", output.url.path])
        defer { child.kill() }
        var runner: pid_t?
        let found = waitFor(seconds: 60) {
            runner = PluginRunners.children(of: child.pid, serving: "org.sensebridge.replay-source").first
            return runner != nil && contents(output.file("captions.vtt")).count > 8
        }
        try #require(found, "no replay runner: \(errors.text)")
        let before = contents(output.file("captions.vtt"))
        #expect(kill(try #require(runner), SIGSEGV) == 0)
        let said = String(decoding: SpawnedChild.readToEnd(child.standardOutput), as: UTF8.self)
        #expect(child.termination(within: 60) == .exited(0), "\(said)\n\(errors.text)")
        // A paced replay would start the walk again: it is not restarted, and says so once.
        #expect(occurrences(Phrasing.status(.sensingStopped, locale: .en), in: said) == 1, "\(said)")
        #expect(!said.contains(Self.sensingBack), "\(said)")
        #expect(said.contains("This session ran for"), "\(said)")
        #expect(contents(output.file("captions.vtt")).hasPrefix(before))
        #expect(runnersLeft().isEmpty, "runners left behind: \(runnersLeft())")
    }
}

/// A child's stderr read to its end on a thread of its own, so a full pipe never stalls
/// the child; `text` is what has arrived so far.
/// Unchecked Sendable: `lock` guards `data`.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func collect(_ descriptor: Int32) {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while descriptor >= 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.withLock { data.append(contentsOf: buffer[..<count]) }
            }
        }.start()
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
