import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// The speech-dispatcher target's runner killed by SIGSEGV in the middle of a walk,
/// through the real binary with a real daemon, every plugin isolated: the walk goes on to
/// its end, the loss is said once through the captions, the return once through the
/// captions and through speech itself, and no runner is left.
@Suite(.serialized) struct SpeechDispatcherRestartTests {
    let home: TemporaryDirectory
    let output: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        output = try TemporaryDirectory()
        _ = try RepositoryPaths.stagedManifest("speech-dispatcher.json")
    }

    @Test func aWalkGoesOnThroughSpeechDispatcherKilledBySIGSEGV() throws {
        let daemon = try TestSpeechd(perByte: 0.001)
        defer { daemon.stop() }
        let profile = try output.write("speech-and-captions.json", """
        {"schema": "sensebridge.output-profile/1", "name": "speech-and-captions", "composer": "org.sensebridge.label-list",
         "renderTargets": [{"id": "org.sensebridge.speech-dispatcher"}, {"id": "org.sensebridge.caption-file"}]}
        """)
        let recording = try CorridorRecording.write(times: 2, to: home.file("corridor.recording.jsonl"))
        let walk = try ProcessRunner.startCLI(["--isolate", "walk", "--recording", recording.path, "--narration-interval", "2",
                                               "--profile", profile.path, "--output", output.url.path],
                                              home: home.url, extraEnvironment: ["SPEECHD_ADDRESS": daemon.address, "SWIFT_BACKTRACE": "enable=no"])
        defer { walk.kill() }
        var runner: pid_t?
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, walk.isRunning {
            runner = PluginRunners.children(of: walk.pid, serving: "org.sensebridge.speech-dispatcher").first
            if runner != nil, !daemon.begun.isEmpty { break }
            usleep(20_000)
        }
        try #require(runner != nil && !daemon.begun.isEmpty, "speech never began")
        #expect(kill(runner!, SIGSEGV) == 0)

        let said = String(decoding: SpawnedChild.readToEnd(walk.standardOutput), as: UTF8.self)
        #expect(walk.termination(within: 60) == .exited(0), "\(said)")
        #expect(said.contains("This session ran for"), "\(said)")
        let lost = "The speech output stopped working: its plugin crashed."
        let back = Phrasing.status(.outputRestarted(role: .speech), locale: .en)
        #expect(said.components(separatedBy: lost).count - 1 == 1, "the loss, once: \(said)")
        #expect(said.components(separatedBy: back).count - 1 == 1, "the return, once: \(said)")
        #expect(daemon.begun.contains(back), "the return was spoken by the new instance: \(daemon.begun)")
        #expect(PluginRunners.left(home: home.url).isEmpty, "runners left behind: \(PluginRunners.left(home: home.url))")
    }
}
