import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A render target that crashes or hangs is stopped and named, and the caller gets
/// its thread back within the render deadline (`CallBounds.renderDeadline`: 5 s plus
/// 80 ms a byte, so about 5.2 s for the short text here) plus one grace. That bound is
/// what makes these the slowest tests of the isolation suites.
///
/// No swift-testing time limit: it counts time spent waiting for a thread, so on a busy
/// 2-core machine it failed correct tests; the elapsed-time assertions catch a host that
/// waited on its plugin.
@Suite struct RenderTargetSurvivalTests {
    static let text = "Hi."
    static var deadline: Double { Double(CallBounds.renderDeadline(bytes: text.utf8.count, from: 0)) / 1e9 }
    static let margin = 3.0

    /// One render of `text`, and how long it took.
    func timedRender(_ target: RenderTargetInstance) -> (result: Result<Void, Error>, elapsed: Double) {
        let start = MonotonicClock.nanoseconds()
        let result = Result { try target.render(OutputMessage(signal: .description, text: Self.text, sessionTime: 1, sequence: 1)) }
        return (result, secondsSince(start))
    }

    @Test(arguments: [true, false])
    func aWellBehavedTargetRenders(isolated: Bool) throws {
        let fixture = try HostileFixture(.renderTarget)
        let target = try fixture.target(.well, isolated: isolated)
        try timedRender(target).result.get()
    }

    @Test func anIsolatedTargetThatSegfaultsIsNamedAndStaysLost() throws {
        let fixture = try HostileFixture(.renderTarget)
        let target = try fixture.target(.segfault, isolated: true)
        let stopped = try #require(timedRender(target).result.thrownError(PluginStopped.self))
        #expect(stopped.code == "crashed")
        #expect(stopped.description.contains(fixture.plugin.id) && stopped.description.contains("was killed by SIGSEGV"), "\(stopped)")
        #expect(fixture.runners.isEmpty, "the dead runner was reaped")
        // Not restarted: a new instance could reopen (and truncate) what the first wrote.
        let (again, elapsed) = timedRender(target)
        #expect(again.thrownError(PluginStopped.self)?.code == "crashed")
        #expect(elapsed < 0.5)
    }

    @Test(arguments: [true, false])
    func aHungTargetIsGivenUpOnOneGraceAfterItsRenderDeadline(isolated: Bool) throws {
        let fixture = try HostileFixture(.renderTarget)
        var runners: [pid_t] = []
        do {
            let target = try fixture.target(.hang, isolated: isolated)
            runners = fixture.runners
            let (result, elapsed) = timedRender(target)
            let stopped = try #require(result.thrownError(PluginStopped.self))
            #expect(stopped.code == "missed-deadline")
            #expect(stopped.isolated == isolated)
            #expect(elapsed >= Self.deadline + CallBounds.grace, "interrupt was given its grace: \(elapsed) s")
            #expect(elapsed < Self.deadline + CallBounds.grace + Self.margin, "the host waited \(elapsed) s")
        }
        // The killed runner is reaped by its reader thread; releasing the instance waits for that.
        #expect(runners.count == (isolated ? 1 : 0))
        #expect(runners.allSatisfy { !RunnerProcesses.isChild($0) }, "the hung runner outlived its instance")
    }

    @Test(arguments: [true, false])
    func aTargetThatHonoursOnlyInterruptEndsWithItsOwnCancelledAtTheDeadline(isolated: Bool) throws {
        let fixture = try HostileFixture(.renderTarget)
        let target = try fixture.target(.cancelNotDeadline, isolated: isolated)
        let (result, elapsed) = timedRender(target)
        let failed = try #require(result.thrownError(PluginCallError.self))
        #expect(failed.isCancelled, "\(failed)")
        #expect(elapsed >= Self.deadline)
        #expect(elapsed < Self.deadline + Self.margin, "the host waited \(elapsed) s of the plugin's 40")
    }

    @Test(arguments: [true, false])
    func anInterruptFromAnotherThreadEndsTheRenderBeforeItsDeadline(isolated: Bool) throws {
        let fixture = try HostileFixture(.renderTarget)
        let target = try fixture.target(.cancelNotDeadline, isolated: isolated)
        let interrupting = Repeatedly { target.interrupt() }
        let (result, elapsed) = timedRender(target)
        interrupting.stop()
        #expect(result.thrownError(PluginCallError.self)?.isCancelled == true)
        #expect(elapsed < Self.deadline - 2, "interrupt reached the plugin only after \(elapsed) s")
    }

    @Test func aHungInProcessTargetIsRetiredSoLaterRendersFailAtOnce() throws {
        let fixture = try HostileFixture(.renderTarget)
        let target = try fixture.target(.hang, isolated: false)
        #expect(timedRender(target).result.thrownError(PluginStopped.self)?.code == "missed-deadline")
        let (again, elapsed) = timedRender(target)
        #expect(again.thrownError(PluginStopped.self)?.code == "retired")
        #expect(elapsed < 0.5)
    }
}
