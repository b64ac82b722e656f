import Foundation
import SenseBridgeCore

/// The listener's commands on their way to a reading session: pushed from whatever reads
/// the keys, taken by the session between (or in the middle of) utterances.
///
/// A queue rather than a callback, so the cursor is only ever moved on the session's own
/// thread: the cursor is a plain value and two threads moving it would lose a press.
/// Unchecked Sendable: `condition` guards `queued` and `closed`.
public final class ReadingCommands: @unchecked Sendable {
    private let condition = NSCondition()
    private var queued: [ReadingCommand] = []
    private var closed = false

    public init() {}

    public func send(_ command: ReadingCommand) {
        condition.lock()
        queued.append(command)
        condition.signal()
        condition.unlock()
    }

    /// No command will come any more (the keyboard went away): a session waiting at the
    /// end of its text for one ends instead of waiting forever.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// The next command, waiting up to `timeout` seconds; nil when none came, or at once
    /// when the queue is closed and empty.
    func take(timeout: TimeInterval) -> ReadingCommand? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while queued.isEmpty && !closed {
            if !condition.wait(until: deadline) { break }
        }
        return queued.isEmpty ? nil : queued.removeFirst()
    }
}
