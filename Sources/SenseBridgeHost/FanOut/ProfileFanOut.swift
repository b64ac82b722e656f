import Foundation
import SenseBridgeCore

/// Drives a profile's render targets together.
///
/// A target that failed to load, or fails while running, is reported once through a
/// channel that still works (Invariant 6), and the profile continues with the rest.
/// When no target works, every message goes to the text fallback (stderr for the CLI):
/// the host is never silent.
/// Everything the person hears about a target comes from here, worded by the locale's
/// table from its `OutputRole` and an `OutputLossReason`: the one enforcement point of
/// "nothing else a plugin writes is ever spoken" (Invariant 1). A plugin's id, channel,
/// display name and error messages reach `LostTarget.detail` (stderr, the log) only.
///
/// The fan-out also owns the sequence numbers of a session's messages (`nextSequence`):
/// its own announcements and the session's messages are numbered by one counter, so no
/// two share a number.
/// Unchecked Sendable: `lock` guards `workers`, `failed`, `sequence`, `announced` and `announcementObserver`; `transitions` orders changes of who works against deliveries; the rest is `let`.
public final class ProfileFanOut: @unchecked Sendable {
    /// A target the profile named that the person no longer has.
    public struct LostTarget: Sendable {
        /// The target's label for stderr and `--json` (its role's code); never spoken.
        public var name: String
        /// What the person calls the output; the only name of it they hear.
        public var role: OutputRole
        /// Why, as a code the tables word; never the plugin's text.
        public var reason: OutputLossReason
        /// The full reason for stderr and logs (the plugin id, paths, its messages).
        public var detail: String

        public init(name: String, role: OutputRole, reason: OutputLossReason, detail: String) {
            self.name = name
            self.role = role
            self.reason = reason
            self.detail = detail
        }
    }

    private let lock = NSLock()
    /// Held while the set of working targets changes (a target lost, gone away or back)
    /// together with what that change hands on (the stranded messages, the sentence
    /// saying so), and while a delivery decides whether the text fallback gets its
    /// message. So nobody sees a target gone before its messages were handed on, and a
    /// message delivered at that moment reaches the fallback after them, not before:
    /// the person hears what happened in the order it happened.
    private let transitions = NSLock()
    private var workers: [TargetWorker] = []
    private var failed: [LostTarget] = []
    private let textFallback: @Sendable (OutputMessage) -> Void
    private let locale: SpokenLocale
    private let log: HostLog
    private var sequence: UInt64 = 0
    /// What the fan-out said itself (losses, returns, chosen alternatives), with the
    /// targets each went to, for an observer that arrives after some were said.
    private var announced: [(message: OutputMessage, targets: [String])] = []
    private var announcementObserver: (@Sendable (OutputMessage, [String]) -> Void)?
    private let clock: @Sendable () -> Double

    /// - Parameters:
    ///   - targets: created targets, each with its label for stderr, logs and `--json`
    ///     (`OutputRole.code`). The person hears only `OutputRole(code: name)`: a label
    ///     outside the closed list is said as "an output".
    ///   - cues: per target (same order), the cues without words it plays; empty for none.
    ///   - lostAtStart: targets that could not be created; announced at once.
    ///   - textFallback: receives every message once no target works.
    public init(targets: [(name: String, instance: RenderTargetInstance)], cues: [Set<OutputCue>] = [],
                lostAtStart: [LostTarget] = [], locale: SpokenLocale = .en, log: HostLog = .shared,
                clock: (@Sendable () -> Double)? = nil,
                textFallback: @escaping @Sendable (OutputMessage) -> Void) {
        self.textFallback = textFallback
        self.locale = locale
        self.log = log
        // Session time starts when the fan-out does, unless the session supplies its own.
        let start = MonotonicClock.nanoseconds()
        self.clock = clock ?? { Double(MonotonicClock.nanoseconds() - start) / 1e9 }
        precondition(cues.isEmpty || cues.count == targets.count, "one set of cues per target, or none at all")
        workers = targets.enumerated().map { index, target in
            TargetWorker(name: target.name, target: target.instance, cues: cues.isEmpty ? [] : cues[index], transitions: transitions,
                         onFailure: { [weak self] worker, message, error in self?.targetFailed(worker, message: message, error: error) },
                         onAvailability: { [weak self] worker, change in self?.availabilityChanged(worker, change) },
                         othersAvailable: { [weak self] worker in self?.othersAvailable(besides: worker) ?? true })
        }
        transitions.lock()
        for lost in lostAtStart { announceLoss(lost) }
        transitions.unlock()
    }

    /// The targets that can render now: a target whose daemon or device is gone for the
    /// moment is not one of them until it renders again.
    public var workingTargetNames: [String] {
        transitions.lock()
        lock.lock()
        defer {
            lock.unlock()
            transitions.unlock()
        }
        return workers.filter(\.isAvailable).map(\.name)
    }

    public var lostTargets: [LostTarget] {
        lock.lock()
        defer { lock.unlock() }
        return failed
    }

    /// True while any target is in the middle of a render; for tests and status UIs.
    public var isRendering: Bool {
        lock.lock()
        let current = workers
        lock.unlock()
        return current.contains { $0.isBusy }
    }

    /// Hands the message to every working target and returns at once, with the names of
    /// the targets it was handed to (empty: none works, and the text fallback had it), so
    /// a caller can say where each message went (`walk --json`).
    ///
    /// `observedNanoseconds` (MonotonicClock) is when the event the message reports was
    /// observed; each target then measures how long the message waited for its render
    /// call (`renderLatency(of:)`), which is the host's whole part of an alert's delay.
    ///
    /// A cue (`OutputCue`) goes as itself only to the targets that play it. One without a
    /// stand-in (the pulse) goes to nobody else: never to the text fallback, where it would
    /// be a line of nothing. A safety alert goes to every other target as its stand-in, an
    /// urgent awareness alert, and as itself to the text fallback: it is never dropped.
    @discardableResult
    public func deliver(_ message: OutputMessage, observedNanoseconds: UInt64? = nil) -> [String] {
        let cue = OutputCue(signal: message.signal)
        if let cue, cue.standIn(for: message) == nil {
            let players = lock.withLock { workers }.filter { $0.cues.contains(cue) }
            players.forEach { $0.enqueue(message, observedNanoseconds: observedNanoseconds) }
            return players.map(\.name)
        }
        // An unavailable target is still handed every message, since a render is where it
        // reconnects; but with no target available the person is told on stderr too.
        // Decided and queued under `transitions`: a target lost meanwhile either has the
        // message among those it hands on, or is no longer among `workers`.
        transitions.lock()
        let current = lock.withLock { workers }
        let available = current.filter(\.isAvailable)
        if available.isEmpty { textFallback(message) }
        let interrupted = current.compactMap { worker in
            worker.queue(Self.message(message, cue: cue, for: worker), observedNanoseconds: observedNanoseconds)
        }
        transitions.unlock()
        interrupted.forEach { $0.fire() }
        return available.map(\.name)
    }

    /// What `worker` is handed of `message`: the message itself, or the cue's stand-in
    /// where the worker does not play the cue.
    private static func message(_ message: OutputMessage, cue: OutputCue?, for worker: TargetWorker) -> OutputMessage {
        guard let cue, !worker.cues.contains(cue), let standIn = cue.standIn(for: message) else { return message }
        return standIn
    }

    /// Says `status` once through the targets that can render it now (or the text
    /// fallback): a fact about the outputs themselves, such as which of a profile's
    /// alternatives started. A status, not text, so only the tables' words are said.
    public func announce(_ status: SpokenStatus) {
        transitions.lock()
        defer { transitions.unlock() }
        announceDuringTransition(Phrasing.status(status, locale: locale))
    }

    /// `announce` for callers that hold `transitions` already.
    private func announceDuringTransition(_ text: String) {
        lock.lock()
        sequence += 1
        let announcement = OutputMessage(signal: .status, text: text, locale: locale, isUrgent: false,
                                         sessionTime: clock(), sequence: sequence)
        let available = workers.filter(\.isAvailable)
        announced.append((announcement, available.map(\.name)))
        let observer = announcementObserver
        lock.unlock()
        if available.isEmpty {
            textFallback(announcement)
        } else {
            available.forEach { $0.enqueue(announcement) }
        }
        observer?(announcement, available.map(\.name))
    }

    /// Seconds since the session began, on the one clock its messages are timed by (the
    /// fan-out's own announcements included), so a session's messages never disagree on
    /// when they were said.
    public var sessionTime: Double { clock() }

    /// The next number in the session's one message sequence. A session numbers its
    /// messages here, not with a counter of its own, so the fan-out's announcements and
    /// the session's messages never share a number.
    public func nextSequence() -> UInt64 {
        lock.withLock {
            sequence += 1
            return sequence
        }
    }

    /// Numbers and times `message` on the session's one clock and sequence, this fan-out's,
    /// then delivers it: how a session says what it says itself, so no session keeps a
    /// clock or a counter of its own. Returns the message as delivered and its targets.
    public func deliverStamped(_ message: OutputMessage, observedNanoseconds: UInt64? = nil) -> (message: OutputMessage, targets: [String]) {
        var message = message
        message.sessionTime = sessionTime
        message.sequence = nextSequence()
        return (message, deliver(message, observedNanoseconds: observedNanoseconds))
    }

    /// Calls `observer` with every status the fan-out says itself (an output lost,
    /// back, or which alternative started) and the targets it went to: first those
    /// already said, then each as it is said. `walk --json` prints them like the
    /// session's own messages.
    public func observeAnnouncements(_ observer: @escaping @Sendable (OutputMessage, [String]) -> Void) {
        lock.lock()
        let earlier = announced
        announcementObserver = observer
        lock.unlock()
        earlier.forEach { observer($0.message, $0.targets) }
    }

    /// Withdraws every message of `signal` not yet rendered and cuts off one being
    /// rendered, on every target (`TargetWorker.cancel`): the reading cursor's stop.
    public func cancel(_ signal: OutputSignal) {
        lock.lock()
        let current = workers
        lock.unlock()
        current.forEach { $0.cancel(signal) }
    }

    /// Per working target, observation → render call of the messages of `signal` that
    /// were delivered with an observation time.
    public func renderLatency(of signal: OutputSignal) -> [(target: String, latency: LatencyHistogram)] {
        lock.lock()
        let current = workers
        lock.unlock()
        return current.map { ($0.name, $0.latency(of: signal)) }
    }

    /// Waits for every target to finish what it was given; false if one did not in time.
    @discardableResult
    public func drain(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        // One target's failure hands an announcement to the others after they may
        // already have drained, so repeat until a whole pass finds every target idle.
        while true {
            lock.lock()
            let current = workers
            lock.unlock()
            if current.allSatisfy(\.isIdle) { return true }
            guard current.allSatisfy({ $0.drain(until: deadline) }), Date() < deadline else {
                return current.allSatisfy(\.isIdle)
            }
        }
    }

    /// Called by the worker with `transitions` held.
    private func targetFailed(_ worker: TargetWorker, message: OutputMessage, error: Error) {
        lock.lock()
        guard let index = workers.firstIndex(where: { $0 === worker }) else {
            lock.unlock()
            return
        }
        workers.remove(at: index)
        lock.unlock()
        // What the lost target still had queued goes to the rest, or to the fallback.
        let stranded = [message] + worker.stop()
        // A plugin the host stopped is said in a few words; how it died (signal, stderr
        // tail) is for the terminal, not for the person's ears.
        let stopped = error as? PluginStopped
        let reason = OutputLossReason(renderFailure: error)
        log.event(.error, "fanout.target.failed", [.public("target", worker.name), .public("reason", stopped?.code ?? reason.rawValue)])
        announceLoss(LostTarget(name: worker.name, role: worker.role, reason: reason,
                                detail: TargetFailureDetail.describe(error, pluginID: worker.target.pluginID)))
        lock.lock()
        let remaining = workers
        lock.unlock()
        if remaining.isEmpty { stranded.forEach(textFallback) }
    }

    private func announceLoss(_ lost: LostTarget) {
        lock.lock()
        failed.append(lost)
        let remaining = workers.filter(\.isAvailable).map(\.role)
        lock.unlock()
        announceDuringTransition(Phrasing.status(.outputLost(role: lost.role, reason: lost.reason, others: remaining), locale: locale))
    }

    /// A target's daemon or device went away, or came back: each said once (the worker
    /// reports only the edges). While it is away the target keeps its worker and its
    /// messages, which are its chance to reconnect; it is not in `lostTargets`, since
    /// the person has not lost it for the session.
    /// Called by the worker with `transitions` held, the change already made.
    private func availabilityChanged(_ worker: TargetWorker, _ change: TargetWorker.Availability) {
        switch change {
        case let .unavailable(message, _):
            log.event(.warning, "fanout.target.unavailable", [.public("target", worker.name)])
            lock.lock()
            let remaining = workers.filter(\.isAvailable).map(\.role)
            lock.unlock()
            // Nothing is stranded while another target has the message; with none left,
            // the message this target could not say goes to the text fallback. The
            // plugin's own message (an address, a socket) is never said.
            if remaining.isEmpty { textFallback(message) }
            announceDuringTransition(Phrasing.status(.outputLost(role: worker.role, reason: .notAnsweringForNow, others: remaining),
                                                     locale: locale))
        case .returned:
            log.event(.info, "fanout.target.returned", [.public("target", worker.name)])
            announceDuringTransition(Phrasing.status(.outputReturned(role: worker.role), locale: locale))
        case let .died(message, stopped):
            // As a loss, through the others, but not in `lostTargets`: it is being
            // started again. How it died is for the terminal, in the host's words only.
            log.event(.error, "fanout.target.restarting", [.public("target", worker.name), .public("reason", stopped.code),
                                                             .public("ended", stopped.summary)])
            lock.lock()
            let remaining = workers.filter(\.isAvailable).map(\.role)
            lock.unlock()
            if remaining.isEmpty { textFallback(message) }
            announceDuringTransition(Phrasing.status(.outputLost(role: worker.role, reason: stopped.lossReason, others: remaining),
                                                     locale: locale))
        case .restarted:
            log.event(.info, "fanout.target.restarted", [.public("target", worker.name)])
            announceDuringTransition(Phrasing.status(.outputRestarted(role: worker.role), locale: locale))
        }
    }

    /// Whether a target other than `worker` can take messages now.
    private func othersAvailable(besides worker: TargetWorker) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return workers.contains { $0 !== worker && $0.isAvailable }
    }

    /// Stops every worker; returns how many messages were dropped for slowness.
    public func shutdown() -> Int {
        lock.lock()
        let current = workers
        workers.removeAll()
        lock.unlock()
        var dropped = 0
        for worker in current {
            worker.stop().forEach(textFallback)
            dropped += worker.dropped
        }
        return dropped
    }
}
