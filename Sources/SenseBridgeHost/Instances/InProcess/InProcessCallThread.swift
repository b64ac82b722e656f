import Foundation

/// Runs an in-process plugin's calls on a thread of their own, so the host can stop
/// waiting for one.
///
/// A plugin in this process cannot be killed, but it need not be waited for: past the
/// deadline plus `CallBounds.grace` the caller nudges it (cancel, interrupt), gives it
/// the grace once more, and then abandons the call. The thread stays inside the plugin for as long as the
/// plugin keeps it; the instance is retired (never called again, never destroyed, since
/// destroy must not run under a call), and every later call throws at once. The cost
/// when nothing goes wrong is one thread hand-off per call.
/// Unchecked Sendable: `condition` guards `work`, `retired` and each job's state.
final class InProcessCallThread: @unchecked Sendable {
    private let pluginID: String
    private let condition = NSCondition()
    private var work: (() -> Void)?
    private var retired = false
    private var thread: Thread?

    init(pluginID: String) {
        self.pluginID = pluginID
    }

    /// Stops the thread once it is idle; a retired one leaves when the plugin returns.
    func finish() {
        condition.lock()
        retired = true
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `body` on the call thread and waits until `deadline` (monotonic ns).
    /// `onRetire` runs once when a call is abandoned, with the call still in the plugin.
    func run<T>(deadline: UInt64, nudge: (() -> Void)?, onRetire: () -> Void, _ body: @escaping () throws -> T) throws -> T {
        let job = Job<T>()
        condition.lock()
        guard !retired else {
            condition.unlock()
            throw PluginStopped(pluginID: pluginID, isolated: false, cause: .retired)
        }
        work = { job.finish(Result { try body() }) }
        startThreadIfNeeded()
        condition.broadcast()
        condition.unlock()

        // The plugin's own deadline handling gets the first chance (its SB_ERR_TIMEOUT
        // says more than our cancel would), then the nudge, then we stop waiting.
        let grace = UInt64(CallBounds.grace * 1e9)
        if let result = job.wait(until: CallBounds.adding(grace, to: deadline)) { return try result.get() }
        if let nudge {
            nudge()
            if let result = job.wait(until: MonotonicClock.nanoseconds() + grace) { return try result.get() }
        }
        condition.lock()
        retired = true
        condition.unlock()
        onRetire()
        let over = Double(MonotonicClock.nanoseconds() &- deadline) / 1e9
        throw PluginStopped(pluginID: pluginID, isolated: false, cause: .missedDeadline(seconds: max(0, over)))
    }

    private func startThreadIfNeeded() {
        guard thread == nil else { return }
        let thread = Thread { [self] in loop() }
        thread.name = "sensebridge.plugin.\(pluginID)"
        self.thread = thread
        thread.start()
    }

    private func loop() {
        while true {
            condition.lock()
            while work == nil && !retired { condition.wait() }
            guard let next = work else {
                // The Thread keeps its closure, which holds self: without this the two
                // kept each other alive for good, one pair per plugin instance (found
                // by `make sanitize`'s LeakSanitizer, 213 reports in one suite run).
                thread = nil
                condition.unlock()
                return
            }
            work = nil
            condition.unlock()
            next()
        }
    }

    /// One call's outcome; a late one is set on an abandoned job, which nobody reads.
    /// Unchecked Sendable: `condition` guards `result`.
    private final class Job<T>: @unchecked Sendable {
        private let condition = NSCondition()
        private var result: Result<T, Error>?

        func finish(_ outcome: Result<T, Error>) {
            condition.lock()
            result = outcome
            condition.broadcast()
            condition.unlock()
        }

        func wait(until deadline: UInt64) -> Result<T, Error>? {
            condition.lock()
            defer { condition.unlock() }
            while result == nil {
                if !condition.wait(until: Date(monotonicNanoseconds: deadline)), MonotonicClock.nanoseconds() >= deadline { break }
            }
            return result
        }
    }
}
