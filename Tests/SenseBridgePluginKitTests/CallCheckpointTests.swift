import Foundation
import Testing
@testable import SenseBridgePluginKit

/// The checkpoint on its own: what `check` throws and when, what `onCancel` and `wait`
/// do, and that a cancel from any thread lands once. Through the C table (a cancel
/// before, during and after a call) in CheckpointThroughCTests.
@Suite struct CallCheckpointTests {
    static func now() -> UInt64 { HostServices(nil).monotonicNanoseconds() }

    @Test func aFreshCheckpointLetsTheCallGoOn() throws {
        let checkpoint = CallCheckpoint(deadline: Self.now() + 60_000_000_000)
        try checkpoint.check()
        #expect(checkpoint.stop == nil && !checkpoint.shouldStop && !checkpoint.isCancelled)
    }

    @Test func aCancelMakesCheckThrowCancelled() {
        let checkpoint = CallCheckpoint()
        checkpoint.cancel()
        #expect(throws: PluginError(.cancelled, "Counting was cancelled between labels.")) {
            try checkpoint.check("Counting", "between labels")
        }
        #expect(checkpoint.isCancelled && checkpoint.stop == .cancelled)
    }

    @Test func aPassedDeadlineMakesCheckThrowTimeoutAndOutranksACancel() {
        let checkpoint = CallCheckpoint(deadline: Self.now() - 1)
        #expect(throws: PluginError(.timeout, "The call passed its deadline; nothing from it was used.")) { try checkpoint.check() }
        // Past the deadline the host cancels too (its nudge): "too late" is the truer reason.
        checkpoint.cancel()
        #expect(checkpoint.stop == .pastDeadline)
    }

    @Test func noDeadlineNeverTimesOut() throws {
        let checkpoint = CallCheckpoint(deadline: .max)
        #expect(!checkpoint.isPastDeadline)
        try checkpoint.check()
    }

    @Test func aCancelAfterTheCallEndedIsIgnored() throws {
        let checkpoint = CallCheckpoint()
        let woken = Counter()
        checkpoint.onCancel { woken.add() }
        checkpoint.end()
        checkpoint.cancel()
        #expect(!checkpoint.isCancelled)
        #expect(woken.value == 0, "a waker registered for the call outlived it")
    }

    @Test func onCancelRunsOnceOnTheCancelAndAtOnceWhenAlreadyCancelled() {
        let checkpoint = CallCheckpoint()
        let woken = Counter()
        checkpoint.onCancel { woken.add() }
        #expect(woken.value == 0)
        checkpoint.cancel()
        checkpoint.cancel()
        #expect(woken.value == 1)
        let late = Counter()
        checkpoint.onCancel { late.add() }
        #expect(late.value == 1, "registered after the cancel, it runs at once")
    }

    @Test func waitReturnsOnACancelFromAnotherThreadAndOtherwiseSleepsItsTime() {
        let idle = CallCheckpoint()
        let started = Date()
        #expect(!idle.wait(seconds: 0.05))
        #expect(Date().timeIntervalSince(started) >= 0.05)

        let checkpoint = CallCheckpoint()
        let waiting = Date()
        Thread {
            usleep(50_000)
            checkpoint.cancel()
        }.start()
        #expect(checkpoint.wait(seconds: 60))
        #expect(Date().timeIntervalSince(waiting) < 30, "the wait slept on past the cancel")
    }

    /// Many threads cancel at once while another polls: the poller sees it, and the
    /// wakers run exactly once between them.
    @Test func cancelsFromManyThreadsAtOnceLandOnce() {
        for _ in 0..<50 {
            let checkpoint = CallCheckpoint()
            let woken = Counter()
            checkpoint.onCancel { woken.add() }
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                if index == 0 {
                    while !checkpoint.shouldStop { usleep(10) }
                } else {
                    checkpoint.cancel()
                }
            }
            #expect(woken.value == 1)
        }
    }
}

/// Unchecked Sendable: `lock` guards `count`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
