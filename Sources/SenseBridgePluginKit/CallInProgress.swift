import Foundation

/// The call an instance is serving, as the host sees it: from the moment it entered
/// (PluginKit's C thunk, or an embedded host in a test) until it returned. Each call gets
/// a checkpoint of its own, so a cancel that finds no call (or finds it already returned)
/// can reach nothing later. Public for the hosts that call a plugin in Swift
/// (SenseBridgeTesting's embedded hosts), which must keep the same rules as the thunks.
/// Unchecked Sendable: `lock` guards `current`.
public final class CallInProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var current: CallCheckpoint?
    private let clock: HostServices

    public init(clock: HostServices) {
        self.clock = clock
    }

    /// The checkpoint of the call now entering.
    public func begin(deadline: UInt64) -> CallCheckpoint {
        let checkpoint = CallCheckpoint(deadline: deadline, clock: clock)
        lock.withLock { current = checkpoint }
        return checkpoint
    }

    public func end(_ checkpoint: CallCheckpoint) {
        checkpoint.end()
        lock.withLock { if current === checkpoint { current = nil } }
    }

    /// The host's cancel or interrupt: marks the call in progress, if any. [any-thread]
    public func cancel() {
        lock.withLock { current }?.cancel()
    }
}
