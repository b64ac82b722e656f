import Foundation

/// Where a plugin asks whether the call it is serving must stop: the host cancelled or
/// interrupted it, or its deadline passed on the host's monotonic clock. Every request
/// carries one (`ComposeRequest`, `PerceiveRequest`, `AudioPerceiveRequest`,
/// `RenderRequest`), made by PluginKit when the C call enters, so no plugin keeps a flag
/// of its own: each once wrote the same lock-guarded boolean, and each had to get the
/// header's rules right again.
///
/// Those rules hold here, for every plugin alike:
/// - A cancel or interrupt applies to the call in progress only. Each call has its own
///   checkpoint, ended when the call returns, so one that arrives late (or with no call
///   in progress) marks nothing the next call sees.
/// - One that arrives while PluginKit is still reading the request ends the call before
///   the plugin is entered.
/// - The deadline is asked before the cancel: past the deadline the host cancels the call
///   as well (its nudge), and "too late" is then the truer reason.
///
/// A plugin polls it (`check`) between steps, hands `shouldStop` to an engine's own poll
/// callback, registers `onCancel` to wake a blocking call, or `wait`s on it. A plugin that
/// never asks is still cut off by the host at the deadline; it only loses the chance to
/// say why itself.
/// Unchecked Sendable: `condition` guards every `var`; `clock` is the host's, [any-thread].
public final class CallCheckpoint: @unchecked Sendable {
    /// Why the call must stop.
    public enum Stop: Sendable, Equatable {
        case cancelled
        case pastDeadline
    }

    private let clock: HostServices
    private let condition = NSCondition()
    private var bound: UInt64
    private var cancelled = false
    private var ended = false
    private var wakers: [@Sendable () -> Void] = []

    /// A checkpoint in its call from the start. PluginKit makes one per C call with the
    /// instance's host clock; a test or a self-test that calls a plugin directly makes its
    /// own (the clock defaults to the process's monotonic clock, which is the host's).
    public init(deadline: UInt64 = .max, clock: HostServices = HostServices(nil)) {
        bound = deadline
        self.clock = clock
    }

    /// On the host's monotonic clock, in nanoseconds; `.max` for none.
    public var deadline: UInt64 { condition.withLock { bound } }

    /// Whether the call was cancelled or interrupted; no clock is read. [any-thread]
    public var isCancelled: Bool { condition.withLock { cancelled } }

    public var isPastDeadline: Bool { deadline != .max && clock.monotonicNanoseconds() >= deadline }

    /// Why the call must stop, or nil to go on; the deadline first.
    public var stop: Stop? {
        if isPastDeadline { return .pastDeadline }
        return isCancelled ? .cancelled : nil
    }

    /// For an engine's own poll callback (tesseract's cancel function, a listener's
    /// `isStopped`): true once the call must stop for either reason. [any-thread]
    public var shouldStop: Bool { stop != nil }

    /// Throws `PluginError(.cancelled)` once the call was cancelled and
    /// `PluginError(.timeout)` once its deadline passed.
    public func check() throws(PluginError) {
        if let stop { throw error(stop, "The call") }
    }

    /// The same, the message naming the work (its subject: "Reading the image") and how
    /// far it had got ("while the text was being recognized").
    public func check(_ work: String, _ stage: String? = nil) throws(PluginError) {
        if let stop { throw error(stop, work, stage) }
    }

    /// The error `check` throws for `stop`, for a plugin that found out some other way
    /// (an engine that returned early because `shouldStop` said so).
    public func error(_ stop: Stop, _ work: String, _ stage: String? = nil) -> PluginError {
        let at = stage.map { " \($0)" } ?? ""
        switch stop {
        case .cancelled: return PluginError(.cancelled, "\(work) was cancelled\(at).")
        case .pastDeadline: return PluginError(.timeout, "\(work) passed its deadline\(at); nothing from it was used.")
        }
    }

    /// Marks the call cancelled and runs what `onCancel` registered, as the host's cancel
    /// or interrupt does (PluginKit calls this before the plugin's own `cancel`). Public
    /// for a plugin whose engine cuts off a call itself: an urgent message stopping what
    /// another instance is saying. Ignored once the call has returned. [any-thread]
    public func cancel() {
        let wake: [@Sendable () -> Void] = condition.withLock {
            guard !ended, !cancelled else { return [] }
            cancelled = true
            condition.broadcast()
            defer { wakers = [] }
            return wakers
        }
        wake.forEach { $0() }
    }

    /// Runs `wake` once on a cancel, on the cancelling thread, or at once on this one if
    /// the call is cancelled already: for a call that blocks and must be woken (an HTTP
    /// exchange, a socket read). The deadline wakes nothing by itself; a blocking call
    /// bounds its own wait by `deadline`, and past it the host's nudge is a cancel.
    /// Dropped unrun when the call returns.
    public func onCancel(_ wake: @escaping @Sendable () -> Void) {
        let now: Bool = condition.withLock {
            if cancelled { return true }
            if !ended { wakers.append(wake) }
            return false
        }
        if now { wake() }
    }

    /// Sleeps up to `seconds`, waking at once on a cancel; true when cancelled. For a
    /// plugin that paces what it delivers (a cue's length, audio still playing).
    public func wait(seconds: Double) -> Bool {
        let until = Date(timeIntervalSinceNow: max(0, seconds))
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && Date() < until {
            _ = condition.wait(until: until)
        }
        return cancelled
    }

    /// PluginKit's own check while it reads the request: the cancel alone, since what a
    /// deadline that passed means is the plugin's to say (or the host's, past its grace).
    func checkCancelled(_ work: String, _ stage: String) throws(PluginError) {
        if isCancelled { throw error(.cancelled, work, stage) }
    }

    /// Sets the deadline once PluginKit has read it, before the plugin is entered.
    func bound(by deadline: UInt64) {
        condition.withLock { bound = deadline }
    }

    /// The call returned: later cancels are ignored and registered wakers dropped.
    func end() {
        condition.withLock {
            ended = true
            wakers = []
        }
    }
}
