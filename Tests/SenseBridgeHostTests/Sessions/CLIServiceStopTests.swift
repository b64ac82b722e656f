import Foundation
import SenseBridgeCore
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing

/// A service stop (`systemctl --user stop` with the unit's default KillMode) sends
/// SIGTERM to every process of the service at once: the host and each of its runners.
/// Through the real binary, with every plugin isolated: the session ends as asked, no
/// plugin is said lost or remembered broken, and the next session in the same state
/// home starts and works. Before runners left stop signals to their host, each runner
/// died of it first, was remembered broken, and alarm listening could not start again
/// (exit 69, "installed but broken") until `plugins forget`.
@Suite struct CLIServiceStopTests {
    let home: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
    }

    var captions: String { CLIListenTests.captions(in: home) }

    func expectNothingRemembered(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let broken = try ProcessRunner.cli(["plugins", "list", "--broken"], home: home.url)
        #expect(!broken.standardOutput.contains("Remembered broken"), "\(broken.standardOutput)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: home.file("state/sensebridge/broken-plugins.json").path)
                    || (try? String(contentsOf: home.file("state/sensebridge/broken-plugins.json"), encoding: .utf8))?.contains("org.") != true,
                "a plugin was remembered broken", sourceLocation: sourceLocation)
    }

    @Test("SIGTERM to continuous listening and all its runners at once: stopped as asked, nothing broken, the next start listens")
    func aServiceStopOfListeningLeavesNothingBroken() throws {
        let plugins = try CLIListenTests.plugins(in: home.file("plugins"), source: ["FIXTURE_FRAME_COUNT": "100000", "FIXTURE_FRAME_US": "100000"],
                                                 hearing: [CLIListenTests.doorbell])
        let profile = try CLIListenTests.profile(["org.example.doorbell"], at: home.file("hearing.json"))
        let arguments = ["listen", "--isolate", "--json", "--profile", profile.path, "--output", home.file("out").path, "--plugin-path", plugins.path]
        let child = try ProcessRunner.startCLI(arguments + ["--continuous"], home: home.url)
        let errors = Locked(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errors.withLock { $0 = SpawnedChild.readToEnd(child.standardError) } }
        let heard = try #require(child.firstLine(startingWith: "{", timeout: 60), "listening never heard the doorbell")
        #expect(heard.contains("doorbell"))

        let signalled = PluginRunners.signalWithHost(child.pid, SIGTERM)
        #expect(signalled >= 3, "the source, the perceiver, the composer and the targets each run in a runner: \(signalled)")
        let ended = child.termination(within: 30)
        if ended == nil { child.kill() }
        group.wait()
        let stderr = errors.withLock { String(decoding: $0, as: UTF8.self) }
        #expect(ended == .exited(143), "\(String(describing: ended)); stderr: \(stderr)")
        #expect(captions.components(separatedBy: Phrasing.status(.listeningEnded, locale: .en)).count == 2, "\(captions)")
        #expect(!captions.contains("Listening stopped:") && !captions.contains("crashed"), "a stop asked for is no loss: \(captions)")
        #expect(PluginRunners.left(home: home.url).isEmpty, "runners left behind")
        try expectNothingRemembered()

        let again = try ProcessRunner.cli(arguments + ["--seconds", "1"], home: home.url)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.standardOutput.contains("doorbell"), "\(again.standardOutput)")
    }

    @Test("SIGTERM to a walk and all its runners at once: stopped as asked, nothing broken, the next walk runs")
    func aServiceStopOfAWalkLeavesNothingBroken() throws {
        let arguments = ["walk", "--isolate", "--json", "--profile", "deaf", "--output", home.file("out").path]
        let child = try ProcessRunner.startCLI(arguments, home: home.url)
        let errors = Locked(Data())
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errors.withLock { $0 = SpawnedChild.readToEnd(child.standardError) } }
        _ = try #require(child.firstLine(startingWith: #"{"locale":"en","signal":"status""#, timeout: 60), "the walk never said it started")

        let signalled = PluginRunners.signalWithHost(child.pid, SIGTERM)
        #expect(signalled >= 3, "\(signalled) runners")
        let rest = String(decoding: SpawnedChild.readToEnd(child.standardOutput), as: UTF8.self)
        let ended = child.termination(within: 30)
        if ended == nil { child.kill() }
        group.wait()
        let stderr = errors.withLock { String(decoding: $0, as: UTF8.self) }
        #expect(ended == .exited(143), "\(String(describing: ended)); stderr: \(stderr)")
        #expect(rest.contains("SenseBridge has stopped."), "\(rest)")
        for lost in [Phrasing.status(.sensingStopped, locale: .en), Phrasing.status(.sensingInterrupted, locale: .en), "crashed"] {
            #expect(!rest.contains(lost), "a stop asked for is no loss: \(rest)")
        }
        #expect(PluginRunners.left(home: home.url).isEmpty, "runners left behind")
        try expectNothingRemembered()

        let again = try ProcessRunner.cli(arguments, home: home.url)
        #expect(again.status == 0, "\(again.standardError)")
    }
}
