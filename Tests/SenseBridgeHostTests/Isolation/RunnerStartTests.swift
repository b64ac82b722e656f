import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A plugin that is to run isolated and cannot be is refused by name, at creation:
/// never silently run in process instead, and never a host waiting on a runner that
/// will not answer.
@Suite struct RunnerStartTests {
    func host(runner: URL?, in fixture: HostileFixture) -> PluginHost {
        PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: fixture.directory.url, origin: .commandLine)]),
                   log: fixture.log.hostLog, isolation: IsolationSettings(runner: runner))
    }

    @Test func withoutARunnerAnIsolatedPluginIsRefusedAndTheFixIsNamed() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let host = host(runner: nil, in: fixture)
        let stopped = try #require(thrown(PluginStopped.self) {
            try host.sceneComposer(fixture.manifest, placement: Placement(isolated: true))
        })
        #expect(stopped.code == "could-not-start")
        #expect(stopped.description.contains("SENSEBRIDGE_PLUGIN_RUNNER"), "\(stopped)")
    }

    @Test func aRunnerThatIsNotOneIsRefusedWithHowItEnded() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let host = host(runner: URL(fileURLWithPath: "/bin/true"), in: fixture)
        let start = MonotonicClock.nanoseconds()
        let stopped = try #require(thrown(PluginStopped.self) {
            try host.sceneComposer(fixture.manifest, placement: Placement(isolated: true))
        })
        #expect(stopped.code == "exited")
        #expect(stopped.description.contains("exited with status 0"), "\(stopped)")
        #expect(secondsSince(start) < 5, "a runner that never says hello is not waited for")
    }
}
