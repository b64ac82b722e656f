import Foundation
import SenseBridgeCore

/// One render target's own thread and queue.
///
/// Each target gets its own so a slow or failing target never delays another, nor the
/// caller: `enqueue` only appends and signals. An urgent message interrupts the render
/// in progress (from the caller's thread, as the ABI allows) and goes to the front. An
/// interrupt is bound to the render it was decided for (`RenderInterruption`): it cuts
/// that render off even before its call began, and never the one after, which after an
/// urgent message is the alert itself.
/// Unchecked Sendable: `condition` guards the queue, the flags, `interruption` and `droppedCount`; `thread` is written only in init.
final class TargetWorker: @unchecked Sendable {
    /// The label for logs, stderr and `--json`.
    let name: String
    /// What the person hears this target called: its label read against the closed list.
    let role: OutputRole
    let target: RenderTargetInstance
    /// The cues without words this target plays in its profile; only these cues' signals
    /// reach it.
    let cues: Set<OutputCue>
    /// A queue that outgrows this is a target far slower than the person's world;
    /// the oldest routine messages are dropped (and counted) rather than memory growing.
    static let maximumPending = 256

    /// A message with, when the host knows it, the moment the event it reports was
    /// observed (a depth frame's arrival), so the wait until its render call is measured.
    struct Pending {
        var message: OutputMessage
        var observedNanoseconds: UInt64?
        /// Given again after the target died rendering it; never a third time.
        var retried = false
    }

    private let condition = NSCondition()
    private var pending: [Pending] = []
    /// Observation → render call, per signal, for messages that carry an observation time.
    private var latencies: [OutputSignal: LatencyHistogram] = [:]
    private var busy = false
    /// The interrupt of the render in progress (while `busy`).
    private var interruption: RenderInterruption?
    private var renderingUrgent = false
    private var renderingSignal: OutputSignal?
    private var stopping = false
    private var droppedCount = 0
    /// The target said its daemon or device is gone (SB_ERR_UNAVAILABLE) and no render
    /// has succeeded since: edge-triggered, so the loss and the return are each reported once.
    private var unavailable = false
    private var thread: Thread?
    /// The fan-out's lock for changes of who works (`ProfileFanOut.transitions`), held
    /// while this worker changes its availability or reports its failure, so the change
    /// and what it hands on are one step to every other thread.
    private let transitions: NSLock
    private let onFailure: @Sendable (TargetWorker, OutputMessage, Error) -> Void
    private let onAvailability: @Sendable (TargetWorker, Availability) -> Void
    /// Whether another target can still take messages, asked with `transitions` held.
    private let othersAvailable: @Sendable (TargetWorker) -> Bool

    /// A change in whether the target can render, for the fan-out to say once.
    enum Availability {
        /// The render of this message found the daemon or device gone.
        case unavailable(OutputMessage, PluginCallError)
        /// A render succeeded after `unavailable`.
        case returned
        /// The plugin died rendering this message; a new instance is being started
        /// (the target `restarts`).
        case died(OutputMessage, PluginStopped)
        /// The new instance started after `died`.
        case restarted
    }

    init(name: String, target: RenderTargetInstance, cues: Set<OutputCue> = [], transitions: NSLock = NSLock(),
         onFailure: @escaping @Sendable (TargetWorker, OutputMessage, Error) -> Void,
         onAvailability: @escaping @Sendable (TargetWorker, Availability) -> Void = { _, _ in },
         othersAvailable: @escaping @Sendable (TargetWorker) -> Bool = { _ in true }) {
        self.cues = cues
        self.name = name
        self.role = OutputRole(code: name)
        self.target = target
        self.onFailure = onFailure
        self.onAvailability = onAvailability
        self.othersAvailable = othersAvailable
        self.transitions = transitions
        let thread = Thread { [weak self] in self?.run() }
        thread.name = "sensebridge.target.\(name)"
        self.thread = thread
        thread.start()
    }

    func enqueue(_ message: OutputMessage, observedNanoseconds: UInt64? = nil) {
        queue(message, observedNanoseconds: observedNanoseconds)?.fire()
    }

    /// `enqueue` without the interrupt it may call for, which is returned instead, so a
    /// caller holding a lock can interrupt after releasing it: an interrupt reaches a
    /// plugin (a pipe to its runner) and must not be made under a lock others wait on.
    func queue(_ message: OutputMessage, observedNanoseconds: UInt64? = nil) -> RenderInterruption? {
        let item = Pending(message: message, observedNanoseconds: observedNanoseconds)
        condition.lock()
        if message.isUrgent {
            pending.insert(item, at: pending.firstIndex { !$0.message.isUrgent } ?? pending.count)
        } else {
            pending.append(item)
        }
        if pending.count > Self.maximumPending, let oldest = pending.firstIndex(where: { !$0.message.isUrgent }) {
            pending.remove(at: oldest)
            droppedCount += 1
        }
        // Interrupt only a routine render in progress: an alert must not cut off another alert.
        let interrupt = message.isUrgent && busy && !renderingUrgent ? interruption : nil
        condition.signal()
        condition.unlock()
        return interrupt
    }

    /// Drops the queued messages of `signal` and cuts off a render of one in progress,
    /// so a reader's "pause", "next" or "back" is heard now rather than after the
    /// sentence being spoken. Other signals are left alone: an alert is never cancelled.
    func cancel(_ signal: OutputSignal) {
        condition.lock()
        pending.removeAll { $0.message.signal == signal }
        let interrupt = busy && renderingSignal == signal ? interruption : nil
        condition.unlock()
        interrupt?.fire()
    }

    /// Routine messages dropped because the queue outgrew `maximumPending`.
    var dropped: Int {
        condition.lock()
        defer { condition.unlock() }
        return droppedCount
    }

    var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return pending.isEmpty && !busy
    }

    var isBusy: Bool {
        condition.lock()
        defer { condition.unlock() }
        return busy
    }

    /// Waits until everything queued so far was rendered (or failed); false on timeout.
    func drain(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !pending.isEmpty || busy {
            if !condition.wait(until: deadline) { return pending.isEmpty && !busy }
        }
        return true
    }

    /// How long messages of `signal` waited from their observation to their render call.
    func latency(of signal: OutputSignal) -> LatencyHistogram {
        condition.lock()
        defer { condition.unlock() }
        return latencies[signal] ?? LatencyHistogram()
    }

    /// Stops taking work; what is still pending is returned so nothing is lost silently.
    func stop() -> [OutputMessage] {
        condition.lock()
        stopping = true
        let left = pending.map(\.message)
        pending.removeAll()
        condition.broadcast()
        condition.unlock()
        return left
    }

    /// True when the target's availability changed (it was available and now is not, or
    /// the other way round).
    private func changeAvailability(to isUnavailable: Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard unavailable != isUnavailable else { return false }
        unavailable = isUnavailable
        return true
    }

    /// False while the target reports its daemon or device gone.
    var isAvailable: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !unavailable
    }

    /// A target that resumes died: said once, then a new instance is started on this
    /// target's own thread (nobody else waits), after the budget's backoff, and its return
    /// said once. The message it died on is not rendered again when another output had
    /// it: it may be what killed it. An urgent one no other output could take (haptics
    /// alone in a deaf-blind profile, dying on an obstacle alert) is given to the new
    /// instance first, once: never felt at all is worse than a second death, and
    /// `retried` keeps a message that kills the plugin from looping. Past the budget it
    /// is a failure like any other, and the fan-out says it kept failing. What is queued
    /// meanwhile waits for the new instance.
    private func revive(after death: PluginStopped, rendering item: Pending) {
        let message = item.message
        let stranded = transitions.withLock { () -> Bool in
            if changeAvailability(to: true) { onAvailability(self, .died(message, death)) }
            return message.isUrgent && !item.retried && !othersAvailable(self)
        }
        while true {
            do {
                try target.resume()
                if stranded {
                    condition.lock()
                    pending.insert(Pending(message: message, retried: true), at: 0)
                    condition.unlock()
                }
                transitions.withLock {
                    if changeAvailability(to: false) { onAvailability(self, .restarted) }
                }
                return
            } catch let stopped as PluginStopped {
                switch stopped.cause {
                case .backingOff(let seconds):
                    guard pause(seconds) else { return }
                case .stayedOff:
                    transitions.withLock { onFailure(self, message, stopped) }
                    return
                default:
                    // Not while the host is being stopped: what is queued goes to the
                    // stop's text fallback, as for any worker stopped.
                    guard stopped.leadsToRestart else { return }
                    // The new instance could not start; the budget counted it.
                    continue
                }
            } catch {
                // The plugin's own create refused (a speech daemon still coming back): the
                // budget counted it too, and it decides when to give up, not this one error.
                continue
            }
        }
    }

    /// Waits `seconds` unless the worker is stopped first; false when it was.
    private func pause(_ seconds: Double) -> Bool {
        let until = Date(timeIntervalSinceNow: max(0, seconds))
        condition.lock()
        defer { condition.unlock() }
        while !stopping && Date() < until { _ = condition.wait(until: until) }
        return !stopping
    }

    /// Back after the urgent messages, ahead of the other routine ones.
    private func requeue(_ message: OutputMessage) {
        condition.lock()
        pending.insert(Pending(message: message), at: pending.firstIndex { !$0.message.isUrgent } ?? pending.count)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty && !stopping { condition.wait() }
            if stopping {
                condition.unlock()
                return
            }
            let next = pending.removeFirst()
            let message = next.message
            busy = true
            let interruption = RenderInterruption()
            self.interruption = interruption
            renderingUrgent = message.isUrgent
            renderingSignal = message.signal
            if let observed = next.observedNanoseconds {
                let now = MonotonicClock.nanoseconds()
                latencies[message.signal, default: LatencyHistogram()].record(now > observed ? now - observed : 0)
            }
            condition.unlock()
            do {
                try target.render(message, interruption: interruption)
                // Only this thread changes `unavailable`, so a render that changes nothing
                // (nearly every one) need not wait for the fan-out's lock.
                if !isAvailable {
                    transitions.withLock {
                        if changeAvailability(to: false) { onAvailability(self, .returned) }
                    }
                }
            } catch let error as PluginCallError where error.isUnavailable {
                // Kept, unlike a failure: the next messages reach the target, which
                // reconnects within one of them when its daemon or device is back.
                transitions.withLock {
                    if changeAvailability(to: true) { onAvailability(self, .unavailable(message, error)) }
                }
            } catch let stopped as PluginStopped where target.restarts {
                revive(after: stopped, rendering: next)
            } catch let error as PluginCallError where error.isCancelled {
                // Cut off by an urgent message: expected, not a failure. A description
                // may go (the next one is on its way); a status or summary is said only
                // once (a lost output, a stopped composer), so it is said again after
                // the alert instead of being lost to it.
                if !message.isUrgent && message.signal.isSaidOnce { requeue(message) }
            } catch {
                transitions.withLock { onFailure(self, message, error) }
            }
            condition.lock()
            busy = false
            self.interruption = nil
            renderingSignal = nil
            condition.broadcast()
            condition.unlock()
        }
    }
}

extension OutputSignal {
    /// Messages that state a change once; losing one leaves the person not knowing it.
    var isSaidOnce: Bool { self == .status || self == .sessionSummary }
}
