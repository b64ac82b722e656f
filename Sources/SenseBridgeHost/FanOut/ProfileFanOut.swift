import Foundation
import SenseBridgeCore

/// Drives a profile's render targets together.
///
/// A target that failed to load, or fails while running, is reported once through a
/// channel that still works (Invariant 6), and the profile continues with the rest.
/// When no target works, every message goes to the text fallback (stderr for the CLI):
/// the host is never silent.
/// Unchecked Sendable: `lock` guards `workers`, `failed` and `sequence`; `transitions` orders changes of who works against deliveries; the rest is `let`.
public final class ProfileFanOut: @unchecked Sendable {
    /// A target the profile named that the person no longer has.
    public struct LostTarget: Sendable {
        public var name: String
        /// Short enough to be spoken ("it is not installed").
        public var reason: String
        /// The full reason for stderr and logs (paths, plugin messages).
        public var detail: String

        public init(name: String, reason: String, detail: String? = nil) {
            self.name = name
            self.reason = reason
            self.detail = detail ?? reason
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
    private let wording: @Sendable (LostTarget, [String], SpokenLocale) -> String
    private let returnWording: @Sendable (String, SpokenLocale) -> String
    private let textFallback: @Sendable (OutputMessage) -> Void
    private let locale: SpokenLocale
    private let log: HostLog
    private var sequence: UInt64 = 0
    private let clock: @Sendable () -> Double

    /// - Parameters:
    ///   - targets: created targets with the name a person knows them by ("speech").
    ///   - cues: per target (same order), the cues without words it plays; empty for none.
    ///   - lostAtStart: targets that could not be created; announced by the first delivery.
    ///   - wording: the sentence saying a target was lost, given the remaining names.
    ///   - textFallback: receives every message once no target works.
    ///   - returnWording: the sentence saying a target that was unavailable works again.
    public init(targets: [(name: String, instance: RenderTargetInstance)], cues: [Set<OutputCue>] = [],
                lostAtStart: [LostTarget] = [], locale: SpokenLocale = .en, log: HostLog = .shared,
                clock: (@Sendable () -> Double)? = nil,
                wording: @escaping @Sendable (LostTarget, [String], SpokenLocale) -> String,
                returnWording: @escaping @Sendable (String, SpokenLocale) -> String = { name, locale in
                    Phrasing.status(.outputReturned(name: name), locale: locale)
                },
                textFallback: @escaping @Sendable (OutputMessage) -> Void) {
        self.wording = wording
        self.returnWording = returnWording
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
                         onAvailability: { [weak self] worker, change in self?.availabilityChanged(worker, change) })
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
    /// A cue without words (`OutputCue`) goes only to the targets that play it, and to
    /// nobody else: never to the text fallback, where it would be a line of nothing.
    @discardableResult
    public func deliver(_ message: OutputMessage, observedNanoseconds: UInt64? = nil) -> [String] {
        if let cue = OutputCue(signal: message.signal) {
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
        let interrupted = current.filter { $0.queue(message, observedNanoseconds: observedNanoseconds) }
        transitions.unlock()
        interrupted.forEach { $0.interruptRender() }
        return available.map(\.name)
    }

    /// Says `text` once as a status through the targets that can render it now (or the
    /// text fallback): a fact about the outputs themselves, such as which of a profile's
    /// alternatives started.
    public func announce(_ text: String) {
        transitions.lock()
        defer { transitions.unlock() }
        announceDuringTransition(text)
    }

    /// `announce` for callers that hold `transitions` already.
    private func announceDuringTransition(_ text: String) {
        lock.lock()
        sequence += 1
        let announcement = OutputMessage(signal: .status, text: text, locale: locale, isUrgent: false,
                                         sessionTime: clock(), sequence: sequence)
        let available = workers.filter(\.isAvailable)
        lock.unlock()
        if available.isEmpty {
            textFallback(announcement)
        } else {
            available.forEach { $0.enqueue(announcement) }
        }
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
        log.event(.error, "fanout.target.failed", [.public("target", worker.name)]
                  + (stopped.map { [.public("reason", $0.code)] } ?? []))
        announceLoss(LostTarget(name: worker.name, reason: stopped?.spokenReason ?? String(describing: error),
                                detail: String(describing: error)))
        lock.lock()
        let remaining = workers
        lock.unlock()
        if remaining.isEmpty { stranded.forEach(textFallback) }
    }

    private func announceLoss(_ lost: LostTarget) {
        lock.lock()
        failed.append(lost)
        let remaining = workers.filter(\.isAvailable).map(\.name)
        lock.unlock()
        announceDuringTransition(wording(lost, remaining, locale))
    }

    /// A target's daemon or device went away, or came back: each said once (the worker
    /// reports only the edges). While it is away the target keeps its worker and its
    /// messages, which are its chance to reconnect; it is not in `lostTargets`, since
    /// the person has not lost it for the session.
    /// Called by the worker with `transitions` held, the change already made.
    private func availabilityChanged(_ worker: TargetWorker, _ change: TargetWorker.Availability) {
        switch change {
        case let .unavailable(message, error):
            log.event(.warning, "fanout.target.unavailable", [.public("target", worker.name)])
            lock.lock()
            let remaining = workers.filter(\.isAvailable).map(\.name)
            lock.unlock()
            // Nothing is stranded while another target has the message; with none left,
            // the message this target could not say goes to the text fallback.
            if remaining.isEmpty { textFallback(message) }
            let lost = LostTarget(name: worker.name, reason: Self.unavailableReason, detail: error.description)
            announceDuringTransition(wording(lost, remaining, locale))
        case .returned:
            log.event(.info, "fanout.target.returned", [.public("target", worker.name)])
            announceDuringTransition(returnWording(worker.name, locale))
        }
    }

    /// Short enough to speak; the plugin's own message (an address, a socket) is for stderr.
    public static let unavailableReason = "it is not answering, and SenseBridge will use it again when it is back"


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
