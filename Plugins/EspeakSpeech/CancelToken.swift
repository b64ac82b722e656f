import Foundation

/// One render's cancellation flag, set from any thread (interrupt) and read by the
/// synthesis callback between audio buffers. Waitable, so the end of device playback can
/// be awaited and still cut off at once.
/// Unchecked Sendable: `condition` guards `cancelled` (a condition, not a Mutex, so `wait` can sleep on it).
final class CancelToken: @unchecked Sendable {
    private let condition = NSCondition()
    private var cancelled = false

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Waits until `deadline` or cancellation; true when cancelled.
    func wait(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && Date() < deadline {
            _ = condition.wait(until: deadline)
        }
        return cancelled
    }
}
