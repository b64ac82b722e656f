import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// A call made on its own thread, which the check can wait for with a bound.
///
/// A plugin call that never returns cannot be cancelled from Swift; the check
/// reports it and the child process exits with the thread still inside the plugin.
/// Unchecked Sendable: `lock` guards `done`; `finished` is a semaphore.
final class BackgroundCall: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var done = false

    init(_ name: String, _ body: @escaping () -> Void) {
        // Unsafe: only the new thread calls `body`; a caller reads what it wrote only after `wait` returned true.
        nonisolated(unsafe) let body = body
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
