import Foundation

/// A plugin call made on its own thread, so a test can interrupt or cancel it from the
/// test's thread while it runs (the header's [any-thread] rule), then see how it ended.
///
/// ```swift
/// let render = CallOnAnotherThread { try target.render(long) }
/// try #require(CallOnAnotherThread.until(seconds: 30) { captionsWritten() > 0 })  // it has started
/// target.interrupt()
/// let error = try render.wait(seconds: 30)
/// ```
/// Unchecked Sendable: `lock` guards `error` and `done`; `finished` is a semaphore.
public final class CallOnAnotherThread: @unchecked Sendable {
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var error: Error?
    private var done = false

    public struct StillRunning: Error, CustomStringConvertible {
        public var seconds: TimeInterval
        public var description: String { "the call was still running after \(seconds) s" }
    }

    public init(_ body: @escaping @Sendable () throws -> Void) {
        let thread = Thread { [self] in
            var caught: Error?
            do { try body() } catch { caught = error }
            lock.withLock {
                self.error = caught
                done = true
            }
            finished.signal()
        }
        // Plugins may keep large buffers on the stack; give them a main-thread-sized one.
        thread.stackSize = 8 << 20
        thread.start()
    }

    public var isFinished: Bool { lock.withLock { done } }

    /// What the call threw (nil when it returned); throws `StillRunning` when it did not
    /// end within `seconds`, so a test never hangs on a plugin that does.
    public func wait(seconds: TimeInterval) throws -> Error? {
        guard isFinished || finished.wait(timeout: .now() + seconds) == .success else { throw StillRunning(seconds: seconds) }
        return lock.withLock { error }
    }

    /// Sends `nudge` (a cancel, an interrupt) every millisecond until the call ends, then
    /// what it threw, as `wait(seconds:)`. A nudge that arrives before the call entered the
    /// plugin is ignored, as the header says, so a single one sent at once may find nothing
    /// to stop; repeating it until the call returns needs no guess at when it began.
    public func wait(seconds: TimeInterval, nudging nudge: () -> Void) throws -> Error? {
        let ended = Self.until(seconds: seconds) {
            nudge()
            return isFinished
        }
        guard ended else { throw StillRunning(seconds: seconds) }
        return lock.withLock { error }
    }

    /// Polls `condition` every millisecond until it holds (true) or `seconds` pass (false):
    /// for waiting on progress a test can observe (a file growing), never on time alone.
    public static func until(seconds: TimeInterval, _ condition: () throws -> Bool) rethrows -> Bool {
        let limit = Date().addingTimeInterval(seconds)
        while Date() < limit {
            if try condition() { return true }
            usleep(1000)
        }
        return try condition()
    }
}
