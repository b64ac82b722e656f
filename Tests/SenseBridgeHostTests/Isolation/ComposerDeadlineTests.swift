import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A composer that does not return by its deadline is cancelled at the deadline and
/// given up on one grace later, in process and isolated alike: the host waits
/// seconds, never the 30 or 40 the plugin would take. Each call here has a deadline
/// 1 s away; an upper bound of 6 s cannot flake on a loaded machine, and still fails
/// loudly if the host waited for the plugin.
///
/// No swift-testing time limit: it counts time spent waiting for a thread, so on a busy
/// 2-core machine it failed correct tests; the elapsed-time assertions catch a host that
/// waited on its plugin.
@Suite struct ComposerDeadlineTests {
    static let deadline = 1.0
    static let bound = 6.0

    @Test(arguments: [true, false])
    func aHungComposerIsGivenUpOnOneGraceAfterItsDeadline(isolated: Bool) throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.hang, isolated: isolated)
        let (result, elapsed) = composer.timedCompose(deadlineIn: Self.deadline)
        let stopped = try #require(result.thrownError(PluginStopped.self))
        #expect(stopped.code == "missed-deadline")
        #expect(stopped.isolated == isolated)
        #expect(stopped.description.contains(fixture.plugin.id), "\(stopped)")
        #expect(elapsed >= Self.deadline + CallBounds.grace, "the cancel was given its grace: \(elapsed) s")
        #expect(elapsed < Self.bound, "the host waited \(elapsed) s")
    }

    @Test(arguments: [true, false])
    func aComposerDeafToCancelIsGivenUpOnAndItsLateResultIsNeverReturned(isolated: Bool) throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.ignoreCancel, isolated: isolated)
        let (result, elapsed) = composer.timedCompose(deadlineIn: Self.deadline)
        #expect(result.thrownError(PluginStopped.self)?.code == "missed-deadline")
        #expect(elapsed >= Self.deadline + CallBounds.grace)
        #expect(elapsed < Self.bound, "the host waited \(elapsed) s of the plugin's 30")
    }

    @Test(arguments: [true, false])
    func aComposerThatHonoursOnlyCancelEndsWithItsOwnCancelledAtTheDeadline(isolated: Bool) throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.cancelNotDeadline, isolated: isolated)
        let (result, elapsed) = composer.timedCompose(deadlineIn: Self.deadline)
        // The plugin's own answer, not the host's: it was cancelled at the deadline
        // and said so, so nothing was abandoned and nothing killed.
        let failed = try #require(result.thrownError(PluginCallError.self))
        #expect(failed.isCancelled, "\(failed)")
        #expect(failed.pluginID == fixture.plugin.id)
        #expect(elapsed >= Self.deadline, "the host cancels at the deadline, not before: \(elapsed) s")
        #expect(elapsed < Self.bound, "the host waited \(elapsed) s of the plugin's 40")
        if isolated { #expect(fixture.runners.count == 1, "a cancelled call costs no runner") }
    }

    @Test(arguments: [true, false])
    func aCancelFromAnotherThreadEndsTheComposeLongBeforeItsDeadline(isolated: Bool) throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.cancelNotDeadline, isolated: isolated)
        let cancelling = Repeatedly { composer.cancel() }
        let (result, elapsed) = composer.timedCompose(deadlineIn: 20)
        cancelling.stop()
        #expect(result.thrownError(PluginCallError.self)?.isCancelled == true)
        #expect(elapsed < 5, "cancel reached the plugin only after \(elapsed) s")
    }

    @Test func aHungInProcessComposerIsRetiredSoLaterCallsFailAtOnce() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.hang, isolated: false)
        #expect(composer.timedCompose(deadlineIn: Self.deadline).result.thrownError(PluginStopped.self)?.code == "missed-deadline")
        for _ in 0..<3 {
            let (result, elapsed) = composer.timedCompose(deadlineIn: Self.deadline)
            let stopped = try #require(result.thrownError(PluginStopped.self))
            #expect(stopped.code == "retired")
            #expect(stopped.description.contains("is not used again"), "\(stopped)")
            #expect(elapsed < 0.5, "a retired plugin is not called, so not waited for: \(elapsed) s")
        }
    }

    @Test func aHungIsolatedComposerLosesItsRunner() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.hang, isolated: true)
        let runners = fixture.runners
        try #require(runners.count == 1)
        #expect(composer.timedCompose(deadlineIn: Self.deadline).result.thrownError(PluginStopped.self)?.code == "missed-deadline")
        #expect(!RunnerProcesses.isChild(runners[0]), "the hung runner was killed and reaped")
        #expect(fixture.runners.isEmpty)
    }
}
