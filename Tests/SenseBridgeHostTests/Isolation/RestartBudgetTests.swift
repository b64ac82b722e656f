import Testing
@testable import SenseBridgeHost

/// The restart budget as plain values: how soon, and how often, a crashed runner is
/// started again before its plugin stays off for the session.
@Suite struct RestartBudgetTests {
    @Test func aRunnerThatNeverFailedMayStart() {
        var budget = RestartBudget()
        #expect(budget.decide(at: 0) == .restart)
    }

    @Test func aRestartWaitsOutTheBackoffAfterACrash() {
        var budget = RestartBudget(limit: 3, window: 60, initialBackoff: 0.5)
        budget.failed(at: 10)
        #expect(budget.decide(at: 10.1) == .wait(until: 10.5))
        #expect(budget.decide(at: 10.49) == .wait(until: 10.5), "waiting costs no restart")
        #expect(budget.decide(at: 10.5) == .restart)
    }

    @Test func theBackoffDoublesWithEachRestartInTheWindow() {
        var budget = RestartBudget(limit: 5, window: 60, initialBackoff: 0.5)
        var now = 0.0
        for expected in [0.5, 1, 2, 4] {
            budget.failed(at: now)
            #expect(budget.decide(at: now) == .wait(until: now + expected))
            now += expected
            #expect(budget.decide(at: now) == .restart)
        }
    }

    @Test func pastItsLimitInTheWindowThePluginStaysOffForGood() {
        var budget = RestartBudget(limit: 3, window: 60, initialBackoff: 0.5)
        var now = 0.0
        for _ in 0..<3 {
            budget.failed(at: now)
            now += 10
            #expect(budget.decide(at: now) == .restart)
        }
        budget.failed(at: now)
        #expect(budget.decide(at: now + 10) == .stayOff)
        #expect(budget.exhausted)
        #expect(budget.decide(at: now + 3600) == .stayOff, "a session does not forgive it later")
    }

    @Test func restartsOutsideTheWindowAreForgotten() {
        var budget = RestartBudget(limit: 2, window: 60, initialBackoff: 0.5)
        var now = 0.0
        for _ in 0..<10 {
            budget.failed(at: now)
            now += 61
            #expect(budget.decide(at: now) == .restart, "one crash a minute never spends a budget of two a minute")
        }
        budget.failed(at: now)
        #expect(budget.decide(at: now + 0.1) == .wait(until: now + 1), "one restart in the window: the backoff has doubled once")
    }
}
