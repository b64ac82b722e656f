import CSenseBridgeABI
import Foundation

/// The interrupt of one render, as a fan-out worker decides it: it reaches the plugin
/// only while that render's call is in progress; fired before the call began, it has
/// the call answered cancelled without reaching the plugin; fired after, it reaches
/// nothing. It never reaches another render.
///
/// `RenderTargetInstance.interrupt()` cuts off whatever is rendering when it arrives.
/// Between a worker's decision to cut its render off (under its lock) and that arrival,
/// the render may not have reached its call yet (the worker has taken it, and is on its
/// way to the plugin or its runner): the interrupt found nothing to cut, and the routine
/// sentence played to its end while the alert waited. Or the render may have ended and
/// the next begun, which after an urgent message is the alert itself: the interrupt cut
/// the alert off. Bound to the one render it was decided for, it can do neither.
/// Unchecked Sendable: `lock` guards `fired` and `deliver`.
final class RenderInterruption: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    /// How a `fire` reaches the render's call, while it is in progress.
    private var deliver: (() -> Void)?

    /// Cuts the render off: at once when its call is in progress, at its start when it
    /// has not begun. [any-thread]
    func fire() {
        lock.withLock {
            fired = true
            deliver?()
        }
    }

    /// The render's call begins: `deliver` is how a `fire` reaches it, until `end`. False
    /// when it was fired already: the call is then not made, and answers `cancelled`.
    func begin(_ deliver: @escaping () -> Void) -> Bool {
        lock.withLock {
            guard !fired else { return false }
            self.deliver = deliver
            return true
        }
    }

    /// The render's call returned. Waits for a `deliver` in progress, so none reaches the
    /// plugin once this returns (the next call may already be the alert).
    func end() {
        lock.withLock { deliver = nil }
    }

    /// `body` (the render's call) with `deliver` reaching it meanwhile; `cancelled`
    /// without calling it when the render was interrupted before.
    func during<T>(_ deliver: @escaping () -> Void, pluginID: String, _ body: () throws -> T) throws -> T {
        guard begin(deliver) else { throw Self.cancelled(pluginID: pluginID) }
        defer { end() }
        return try body()
    }

    /// What a render interrupted before its call began answers: what the plugin answers
    /// when interrupted at once.
    static func cancelled(pluginID: String) -> PluginCallError {
        PluginCallError(pluginID: pluginID, status: SB_ERR_CANCELLED, message: "the render was interrupted before it began")
    }
}
