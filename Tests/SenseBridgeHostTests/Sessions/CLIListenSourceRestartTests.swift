import Foundation
import SenseBridgeCore
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing

/// A restarting audio source whose new runner fails once to create (a sound server slow
/// to answer, a device still busy), through the real binary: the restart is tried again
/// after its backoff, so alarm listening goes on; only the restart budget's end stops it.
/// Before, the first such failure ended listening as "restarts ran out" with them unused.
@Suite struct CLIListenSourceRestartTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    var captions: String { CLIListenTests.captions(in: home) }

    @Test("a restarted source whose first new runner fails to create is tried again: lost once, back once, listening goes on")
    func aRestartThatFailsOnceIsTriedAgain() throws {
        let plugins = try CLIListenTests.plugins(in: home.file("plugins"), source: [:], hearing: [CLIListenTests.doorbell])
        let marker = home.file("fail-next-create")
        // The audio source again, now one that resumes and fails a create while the marker is there.
        try FixturePlugin.make(in: plugins, name: "audio-source", id: "org.sensebridge.audio-source",
                               defines: ["FIXTURE_AUDIO": "1", "FIXTURE_FRAME_COUNT": "100000", "FIXTURE_FRAME_US": "100000",
                                         "FIXTURE_CREATE_FAIL_MARKER": "\"\(marker.path)\""],
                               manifest: ["kind": "sensing-source", "capabilities": ["modalities": ["audio"], "restart": "resume"]],
                               source: "fixture_source.c")
        let profile = try CLIListenTests.profile(["org.example.doorbell"], at: home.file("hearing.json"))
        let child = try ProcessRunner.startCLI(["listen", "--continuous", "--isolate", "--json", "--profile", profile.path,
                                                "--output", home.file("out").path, "--plugin-path", plugins.path],
                                               home: home.url, extraEnvironment: ["SWIFT_BACKTRACE": "enable=no"])
        defer { child.kill() }
        _ = try #require(child.firstLine(startingWith: "{", timeout: 60), "listening never heard the doorbell")
        let drained = DispatchGroup()
        for descriptor in [child.standardOutput, child.standardError] {
            DispatchQueue.global().async(group: drained) { _ = SpawnedChild.readToEnd(descriptor) }
        }
        let runner = try #require(PluginRunners.children(of: child.pid, serving: "org.sensebridge.audio-source").first)
        try Data().write(to: marker)
        #expect(kill(runner, SIGSEGV) == 0)

        let back = Phrasing.status(.listeningResumed, locale: .en)
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline, child.isRunning, !captions.contains(back) { usleep(50_000) }
        #expect(child.isRunning, "listening ended at the restart's first failure: \(captions)")
        #expect(!FileManager.default.fileExists(atPath: marker.path), "the first new runner's create did not fail")
        #expect(kill(child.pid, SIGTERM) == 0)
        let ended = child.termination(within: 30)
        drained.wait()
        #expect(ended == .exited(143), "\(String(describing: ended))")
        let lost = Phrasing.status(.listeningLost(.sourceStopped), locale: .en)
        #expect(captions.components(separatedBy: lost).count - 1 == 1, "the loss, once: \(captions)")
        #expect(captions.components(separatedBy: back).count - 1 == 1, "the return, once: \(captions)")
        #expect(captions.contains(Phrasing.status(.listeningEnded, locale: .en)), "it ended as asked: \(captions)")
    }
}
