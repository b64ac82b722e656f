import Foundation
import Testing
@testable import SenseBridgeHost

/// The call thread of an in-process plugin ends, and frees what it held, once its owner
/// finishes it. It used to keep itself alive through its Thread's closure, one pair per
/// plugin instance for the life of the process (found by `make sanitize`).
@Suite struct InProcessCallThreadTests {
    @Test func aFinishedCallThreadIsFreedOnceItsThreadEnds() throws {
        weak var released: InProcessCallThread?
        do {
            let calls = InProcessCallThread(pluginID: "org.example.freed")
            released = calls
            #expect(try calls.run(deadline: MonotonicClock.nanoseconds() + 5_000_000_000, nudge: nil, onRetire: {}) { 42 } == 42)
            calls.finish()
        }
        // The thread leaves its loop on its own schedule; wait for that, bounded.
        let limit = MonotonicClock.nanoseconds() + 10_000_000_000
        while released != nil && MonotonicClock.nanoseconds() < limit { Thread.sleep(forTimeInterval: 0.01) }
        #expect(released == nil, "the call thread outlived its owner and its own thread")
    }
}
