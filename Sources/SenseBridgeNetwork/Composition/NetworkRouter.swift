import Foundation
import SenseBridgeHost

/// Decides, tick by tick, whether the network composer is asked, and what the person is
/// told when that changes. Pure logic with an injected clock: no sleeps, no I/O.
///
/// - Two consecutive failures (an error, a timeout or a rejected reply) trip the breaker;
///   composition continues on-device and the failure is announced once, urgently, as what
///   it was: a server not answering, or replies that could not be used (and why).
/// - While tripped, every fifth tick probes the network; a success restores it and the
///   recovery is announced once. A failed probe is silent.
/// - Reaching the hourly or session budget falls back to on-device and says so once.
/// - The network backend is named once, when its first phrase is used: naming it at
///   session start told people their server composed descriptions it never composed.
/// Unchecked Sendable: `lock` guards the breaker, the budget, the flags and `awaitingObserver`.
public final class NetworkRouter: @unchecked Sendable {
    public enum Route: Equatable, Sendable {
        case onDevice
        case network(isProbe: Bool)
    }

    public enum Outcome: Equatable, Sendable {
        case success
        case failure(NetworkFailureReason.Kind)
        /// The host cancelled the call (session stopped): neither success nor failure.
        case abandoned
    }

    public let backend: BackendDescription
    public let networkAvailable: Bool
    private let unavailableReason: NetworkUnavailableReason?
    private let now: @Sendable () -> Double
    private let lock = NSLock()
    private var breaker = CircuitBreaker()
    private var budget: RequestBudget
    private var startAnnounced = false
    private var backendAnnounced = false
    private var hourlyAnnounced = false
    private var sessionAnnounced = false
    private var awaiting = false
    private var inFlight = false

    /// Called with the new value whenever `isAwaitingNetworkResponse` changes, for a UI
    /// that shows a waiting state instead of speaking one.
    public var onAwaitingChange: (@Sendable (Bool) -> Void)? {
        get { lock.withLock { awaitingObserver } }
        set { lock.withLock { awaitingObserver = newValue } }
    }
    private var awaitingObserver: (@Sendable (Bool) -> Void)?

    /// `backend` is what composes when the network is available; `unavailableReason`
    /// says why network composition was wanted but cannot be used this session.
    public init(backend: BackendDescription, networkAvailable: Bool, unavailableReason: NetworkUnavailableReason? = nil,
                requestsPerHour: Int = 600, requestsPerSession: Int = 2400, now: @escaping @Sendable () -> Double) {
        self.backend = networkAvailable ? backend : .onDevice
        self.networkAvailable = networkAvailable
        self.unavailableReason = unavailableReason
        self.budget = RequestBudget(perHour: requestsPerHour, perSession: requestsPerSession)
        self.now = now
    }

    /// True while a network request is in flight: state for a UI, never speech (a cue on
    /// every request would repeat into the one channel the person is listening to).
    public var isAwaitingNetworkResponse: Bool {
        lock.lock()
        defer { lock.unlock() }
        return awaiting
    }

    public var breakerState: CircuitBreaker.State {
        lock.lock()
        defer { lock.unlock() }
        return breaker.state
    }

    public var requestsThisSession: Int {
        lock.lock()
        defer { lock.unlock() }
        return budget.sessionCount
    }

    /// What to say when the session starts: why the network cannot be used, if it was
    /// wanted and cannot; nothing when it can (it is named at its first phrase). Empty on
    /// every later call.
    public func sessionStart() -> [ReasoningAnnouncement] {
        lock.lock()
        defer { lock.unlock() }
        guard !startAnnounced else { return [] }
        startAnnounced = true
        if let unavailableReason { return [.networkUnavailable(unavailableReason)] }
        return []
    }

    /// Called once per composition tick. `wantsNetwork` is false when there is nothing
    /// to send (no object labels): then no request is made and no budget is spent.
    public func nextTick(wantsNetwork: Bool) -> (Route, [ReasoningAnnouncement]) {
        lock.lock()
        var announcements: [ReasoningAnnouncement] = []
        let route: Route = decide(wantsNetwork: wantsNetwork, announcements: &announcements)
        let changed = route != .onDevice && !awaiting
        if route != .onDevice {
            awaiting = true
            inFlight = true
        }
        let callback = awaitingObserver
        lock.unlock()
        if changed { callback?(true) }
        return (route, announcements)
    }

    private func decide(wantsNetwork: Bool, announcements: inout [ReasoningAnnouncement]) -> Route {
        guard networkAvailable, !inFlight else { return .onDevice }
        if breaker.isOpen && !breaker.tickWhileOpen() { return .onDevice }
        switch budget.check(now: now()) {
        case .sessionExhausted:
            if !sessionAnnounced {
                sessionAnnounced = true
                announcements.append(.sessionBudgetReached(limit: budget.perSession))
            }
            return .onDevice
        case .hourlyExhausted:
            if !hourlyAnnounced {
                hourlyAnnounced = true
                announcements.append(.hourlyBudgetReached(limit: budget.perHour))
            }
            return .onDevice
        case .allowed:
            if hourlyAnnounced {
                hourlyAnnounced = false
                announcements.append(.hourlyBudgetResumed)
            }
        }
        guard wantsNetwork else { return .onDevice }
        budget.spend(now: now())
        return .network(isProbe: breaker.isOpen)
    }

    /// Spends one more request of the budget for the moment in flight (asking another
    /// structured-output mode); false, spending nothing, when the budget is used up, so
    /// negotiation can never take a session past its limits.
    public func spendAnotherRequest() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard inFlight, budget.check(now: now()) == .allowed else { return false }
        budget.spend(now: now())
        return true
    }

    /// Reports how the request that `nextTick` allowed ended.
    public func finish(_ outcome: Outcome) -> [ReasoningAnnouncement] {
        lock.lock()
        let wasAwaiting = awaiting
        awaiting = false
        inFlight = false
        var announcements: [ReasoningAnnouncement] = []
        switch outcome {
        case .success:
            let recovered = breaker.recordSuccess() == .recovered
            if !backendAnnounced {
                backendAnnounced = true
                announcements.append(.activeBackend(backend))
            } else if recovered {
                announcements.append(.networkRecovered(backend))
            }
        case .failure(let kind):
            if breaker.recordFailure() == .tripped { announcements.append(.networkFailing(backend, kind)) }
        case .abandoned:
            break
        }
        let callback = awaitingObserver
        lock.unlock()
        if wasAwaiting { callback?(false) }
        return announcements
    }
}
