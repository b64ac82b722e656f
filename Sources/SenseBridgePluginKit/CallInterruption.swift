import Foundation

/// Whether the call in progress was asked to stop: the flag every interruptible call
/// shares, PluginKit's own (a cancel that arrives while PluginKit still converts the
/// request) and a plugin's (a render between its cues).
///
/// As the header asks, an interrupt or cancel applies to the call in progress only: one
/// that arrives with no call in progress is ignored, so a late one cannot cut off the
/// next call. `begin` clears what an earlier call left.
/// Unchecked Sendable: `lock` guards `inCall` and `requested`.
public final class CallInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var inCall = false
    private var requested = false

    public init() {}

    public func begin() { lock.withLock { inCall = true; requested = false } }
    public func end() { lock.withLock { inCall = false; requested = false } }
    /// [any-thread]
    public func request() { lock.withLock { if inCall { requested = true } } }
    public var isRequested: Bool { lock.withLock { requested } }

    /// Throws `cancelled` once the call was asked to stop, for the points between steps.
    public func check(_ what: String) throws {
        if isRequested { throw PluginError(.cancelled, what) }
    }
}
