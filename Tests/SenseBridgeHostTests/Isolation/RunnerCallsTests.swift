import Testing
@testable import SenseBridgeHost

/// Which call a cancel or interrupt reaches in a runner: the call it names, whether it
/// came before that call began or during it, and never a later one.
@Suite struct RunnerCallsTests {
    static let render = RunnerRequest.render(.init(text: Array("Hi.".utf8), signal: 1, flags: 0, locale: "en",
                                                   sessionTimeNanoseconds: 0, sequence: 1))

    /// Each step a runner takes, with what `RunnerCalls` answered.
    struct Steps {
        var calls = RunnerCalls()

        /// Request `id` begins; true when it is stopped before it began. Ends it at once
        /// when `answered`, as the runner does once it replied.
        mutating func begin(_ id: UInt32, _ request: RunnerRequest = RunnerCallsTests.render, answered: Bool = true) -> Bool {
            let stopped = calls.begin(request, id: id)
            if answered { calls.end() }
            return stopped
        }

        mutating func route(_ id: UInt32, _ nudge: RunnerRequest = .interrupt) -> RunnerCalls.Route {
            calls.route(nudge, id: id)
        }
    }

    @Test func aNudgeForTheCallBeingServedIsDelivered() {
        var steps = Steps()
        let stopped = steps.begin(5, answered: false)
        let route = steps.route(5)
        #expect(!stopped && route == .deliver)
    }

    @Test func aNudgeThatOvertakesItsCallIsHeldAndStopsItAndOnlyIt() {
        var steps = Steps()
        let first = steps.begin(5)
        let route = steps.route(6)
        let overtaken = steps.begin(6, answered: false)
        let serving = steps.calls.serving
        let next = steps.begin(7)
        #expect(!first && route == .hold)
        #expect(overtaken, "the render it named is answered cancelled")
        #expect(serving == nil, "and never served")
        #expect(!next, "the next render is not stopped")
    }

    @Test func aNudgeForACallAlreadyAnsweredIsDropped() {
        var steps = Steps()
        _ = steps.begin(5)
        let late = steps.route(5), older = steps.route(4)
        let next = steps.begin(6, answered: false)
        // One for the call before, arriving while the next is served.
        let during = steps.route(5)
        #expect(late == .drop && older == .drop && during == .drop)
        #expect(!next)
    }

    @Test func aNudgeHeldForOneKindOfCallDoesNotStopAnother() {
        var steps = Steps()
        let interrupt = steps.route(2)
        let create = steps.begin(2, .create(kind: .renderTarget, manifestPath: "/m.json", configJSON: "{}"))
        let cancel = steps.route(3, .cancel)
        let render = steps.begin(3)
        // What was held is gone with the call it named.
        let next = steps.begin(4)
        #expect(interrupt == .hold && cancel == .hold)
        #expect(!create, "interrupt stops a render, not a create")
        #expect(!render, "cancel stops a compose or a perceive, not a render")
        #expect(!next)
    }

    @Test func idsAheadAreRecognisedAcrossTheWrap() {
        var steps = Steps()
        _ = steps.begin(.max)
        let wrapped = steps.route(0)
        let stopped = steps.begin(0)
        let last = steps.route(.max), before = steps.route(.max - 1)
        #expect(wrapped == .hold, "the host's next id after the largest is 0")
        #expect(stopped)
        #expect(last == .drop && before == .drop)
    }

    @Test func nothingIsHeldWhileACallIsServed() {
        var steps = Steps()
        _ = steps.begin(5, answered: false)
        let route = steps.route(6)
        steps.calls.end()
        let next = steps.begin(6)
        #expect(route == .drop && !next)
    }
}
