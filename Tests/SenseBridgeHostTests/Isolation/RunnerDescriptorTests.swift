import Foundation
import SenseBridgeCore
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The runner's protocol descriptors are its own: a helper its plugin starts in a
/// session of its own (speech-dispatcher, autospawned by libspeechd) must not inherit
/// them. If it did, the host would never see its pipes end when the runner died: the
/// death noticed only at a call's deadline plus grace, and a thread, descriptors and a
/// zombie kept per restart.
@Suite struct RunnerDescriptorTests {
    @Test func aRunnersDeathIsNoticedWhileAHelperItStartedLivesOn() throws {
        let directory = try TemporaryDirectory("sensebridge-lingering")
        let helperFile = directory.file("helper.pid")
        let id = "org.sensebridge.test.lingering-\(UUID().uuidString.prefix(8).lowercased())"
        let fixture = try FixturePlugin.make(in: directory.url, name: "lingering", id: id,
                                             defines: ["FIXTURE_SPAWN_LINGERING": "\"\(helperFile.path)\""])
        let manifest = try ManifestReader.read(fixture.manifestURL).get()
        let runner = try #require(RunnerLocation.find())
        let log = CapturedLog()
        let connection = try RunnerConnection.serving(.init(runner: runner, manifest: manifest, memoryLimitMiB: 256, denyNetwork: true),
                                                      kind: .renderTarget, configJSON: "{}", log: log.hostLog)
        defer { connection.shutdown() }
        let helper = try #require(WholeFile.read(helperFile.path).flatMap { pid_t(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) },
                                  "the plugin started no helper")
        defer { kill(helper, SIGKILL) }
        #expect(kill(helper, 0) == 0, "the helper is running")

        #expect(kill(connection.pid, SIGKILL) == 0)
        let start = MonotonicClock.nanoseconds()
        while connection.isAlive, secondsSince(start) < 10 { usleep(20_000) }
        #expect(!connection.isAlive && secondsSince(start) < 3, "the death was noticed after \(secondsSince(start)) s")
        #expect(kill(helper, 0) == 0, "the helper outlived the runner, as libspeechd's daemon would")
        let stopped = try #require(thrown(PluginStopped.self) { try connection.call(.destroy, seconds: 1) })
        #expect(stopped.cause == .died(.signalled(SIGKILL)), "\(stopped)")
    }
}
