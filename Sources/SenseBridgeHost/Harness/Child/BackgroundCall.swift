import Foundation

/// A call made on its own thread, which the check can wait for with a bound.
///
/// A plugin call that never returns cannot be cancelled from Swift; the check
/// reports it and the child process exits with the thread still inside the plugin.
final class BackgroundCall: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var done = false

    init(_ name: String, _ body: @escaping () -> Void) {
        let thread = Thread { [self] in
            body()
            lock.lock()
            done = true
            lock.unlock()
            finished.signal()
        }
        thread.name = name
        // Plugins may recurse or keep large buffers on the stack; give them a main-thread-sized one.
        thread.stackSize = 8 << 20
        thread.start()
    }

    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return done
    }

    /// True when the call finished within `seconds`.
    func wait(seconds: TimeInterval) -> Bool {
        if isFinished { return true }
        return finished.wait(timeout: .now() + seconds) == .success || isFinished
    }
}

/// Calls `poke` (an interrupt or cancel) from another thread every couple of
/// milliseconds until `call` finishes, and says when the first poke went out.
///
/// Repeating matters: a poke that lands before the call has begun is, by the
/// header's rule, ignored; the next one lands mid-call.
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
