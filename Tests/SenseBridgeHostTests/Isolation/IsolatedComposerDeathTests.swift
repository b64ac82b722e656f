import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// An isolated composer that segfaults, aborts, exits or corrupts its pipe costs the
/// moment it was composing, never the host: the call throws `PluginStopped` naming the
/// plugin and how it ended, the dead runner is reaped before the call returns, a later
/// call starts a fresh runner while the restart budget allows, and no runner outlives
/// the instance.
///
/// No swift-testing time limit: it counts time spent waiting for a thread, so on a busy
/// 2-core machine it failed correct tests; the elapsed-time assertions catch a host that
/// waited on its plugin.
@Suite struct IsolatedComposerDeathTests {
    typealias Mode = MisbehavingPlugin.Mode

    @Test(arguments: [
        (Mode.segfault, "crashed", "was killed by SIGSEGV"),
        (Mode.abort, "crashed", "was killed by SIGABRT"),
        (Mode.exit, "exited", "exited with status 3"),
        (Mode.garbage, "protocol-garbage", "not the runner protocol"),
    ])
    func aComposerThatDiesIsNamedWithHowItDied(mode: Mode, code: String, words: String) throws {
        let fixture = try HostileFixture(.sceneComposer)
        var runner: pid_t = 0
        do {
            let composer = try fixture.composer(mode, isolated: true)
            let runners = fixture.runners
            try #require(runners.count == 1, "one runner serves the instance: \(runners)")
            runner = runners[0]
            let stopped = try #require(composer.timedCompose(deadlineIn: 10).result.thrownError(PluginStopped.self))
            #expect(stopped.code == code)
            #expect(stopped.isolated)
            #expect(stopped.pluginID == fixture.plugin.id)
            #expect(stopped.description.contains(fixture.plugin.id), "\(stopped)")
            #expect(stopped.description.contains(words), "\(stopped)")
            // What a person is told, and what the host's stderr carries: the runner's own
            // crash report (registers and the memory they point at, which may hold what
            // the camera saw) is neither.
            #expect(!stopped.stderrTail.contains("Registers") && !stopped.stderrTail.contains("Backtrace"), "\(stopped.stderrTail)")
            #expect(!RunnerProcesses.isChild(runner), "the dead runner is reaped before compose returns")
        }
        #expect(!RunnerProcesses.isChild(runner))
        #expect(fixture.runners.isEmpty)
    }

    @Test func aComposerThatCrashesInCreateIsNamedAndLeavesNoRunner() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let stopped = try #require(thrown(PluginStopped.self) { try fixture.composer(.crashOnCreate, isolated: true) })
        #expect(stopped.code == "crashed")
        #expect(stopped.description.contains(fixture.plugin.id) && stopped.description.contains("was killed by SIGSEGV"), "\(stopped)")
        #expect(fixture.runners.isEmpty)
    }

    @Test func theComposeAfterACrashIsServedByAFreshRunner() throws {
        let fixture = try HostileFixture(.sceneComposer)
        var second: [pid_t] = []
        do {
            let composer = try fixture.composer(.segfault, isolated: true, from: 2)
            #expect(try composer.timedCompose(deadlineIn: 10).result.get() == HostileScene.wellBehaved)
            let first = fixture.runners
            try #require(first.count == 1)
            let stopped = try #require(composer.timedCompose(deadlineIn: 10).result.thrownError(PluginStopped.self))
            #expect(stopped.code == "crashed")

            // The budget holds a restart back for a moment after a crash; each refusal until
            // then says so, and the first compose after it is served by a new runner (whose
            // new instance counts its calls from 1, so it behaves).
            let phrases = try composeOnceRestarted(composer)
            #expect(phrases == HostileScene.wellBehaved)
            second = fixture.runners
            #expect(second.count == 1 && second != first, "a new runner: \(first) then \(second)")
            #expect(!RunnerProcesses.isChild(first[0]))
            #expect(fixture.log.lines(containing: "isolation.runner-restarted").count == 1)
        }
        #expect(second.allSatisfy { !RunnerProcesses.isChild($0) }, "the restarted runner ends with the instance")
    }

    @Test func aComposerThatCrashesOnEveryCallStaysOffOnceItsRestartsAreSpent() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let composer = try fixture.composer(.segfault, isolated: true)
        let limit = RestartBudget().limit
        var crashes = 0
        var final: PluginStopped?
        let start = MonotonicClock.nanoseconds()
        while final == nil, secondsSince(start) < 30 {
            let stopped = try #require(composer.timedCompose(deadlineIn: 10).result.thrownError(PluginStopped.self))
            switch stopped.code {
            case "crashed": crashes += 1
            case "backing-off": Thread.sleep(forTimeInterval: 0.05)
            case "stayed-off": final = stopped
            default: Issue.record("unexpected \(stopped)"); return
            }
        }
        let stayedOff = try #require(final, "still restarting after 30 s")
        #expect(crashes == limit + 1, "the first runner and \(limit) restarts")
        #expect(stayedOff.description.contains("stays off for the rest of this session"), "\(stayedOff)")
        #expect(fixture.log.lines(containing: "isolation.runner-restarted").count == limit)

        // Off means off: no runner is started again, and the refusal is immediate.
        let again = composer.timedCompose(deadlineIn: 10)
        #expect(again.result.thrownError(PluginStopped.self)?.code == "stayed-off")
        #expect(again.elapsed < 0.5)
        #expect(fixture.runners.isEmpty)
    }

    /// Composes until the restart budget's backoff has passed; every refusal before that
    /// must be the backoff's own, not a crash or a refusal for good.
    private func composeOnceRestarted(_ composer: SceneComposerInstance,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws -> [ProposedPhrase] {
        let start = MonotonicClock.nanoseconds()
        while secondsSince(start) < 10 {
            switch composer.timedCompose(deadlineIn: 10).result {
            case .success(let phrases):
                return phrases
            case .failure(let stopped as PluginStopped) where stopped.code == "backing-off":
                #expect(stopped.description.contains("started again in"), "\(stopped)", sourceLocation: sourceLocation)
                Thread.sleep(forTimeInterval: 0.05)
            case .failure(let other):
                throw other
            }
        }
        throw RestartNeverCame()
    }

    struct RestartNeverCame: Error {}
}
