import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Calls `poke` (an interrupt or cancel) from another thread every couple of
/// milliseconds until `call` finishes, and says when the first poke went out.
///
/// Repeating matters: a poke that lands before the call has begun is, by the
/// header's rule, ignored; the next one lands mid-call.
/// Unchecked Sendable: `lock` guards `stopped`, `first` and `count`; `call` is written only in init.
final class RepeatedPoke: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    private var first: UInt64?
    private var count = 0
    private var call: BackgroundCall?

    init(every milliseconds: UInt32 = 2, _ poke: @escaping () -> Void) {
        call = BackgroundCall("sensebridge.harness.poke") { [self] in
            while !isStopped {
                poke()
                lock.lock()
                if first == nil { first = MonotonicClock.nanoseconds() }
                count += 1
                lock.unlock()
                usleep(milliseconds * 1000)
            }
        }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    var firstPoke: UInt64? {
        lock.lock()
        defer { lock.unlock() }
        return first
    }

    var pokes: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    /// Waits until at least one poke went out (bounded), so a check never judges a
    /// call that no poke could have reached.
    func waitForFirstPoke(seconds: TimeInterval) {
        let limit = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
        while firstPoke == nil && MonotonicClock.nanoseconds() < limit { usleep(500) }
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        _ = call?.wait(seconds: 5)
    }
}
