import Foundation

/// Remembers a `cancel()` that arrives from another thread while `compose` runs.
///
/// A cancel with no call in progress is ignored, as the ABI requires: otherwise a late
/// cancel for one request would silently cancel the next one.
/// Unchecked Sendable: `lock` guards `inCall` and `cancelled`.
final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var inCall = false
    private var cancelled = false

    func begin() {
        lock.withLock { inCall = true; cancelled = false }
    }

    func end() {
        lock.withLock { inCall = false; cancelled = false }
    }

    func cancel() {
        lock.withLock { if inCall { cancelled = true } }
    }

    var isCancelled: Bool {
        lock.withLock { cancelled }
    }
}
