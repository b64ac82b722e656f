import SenseBridgeHost
/// Trips after consecutive network failures, then lets one probe through every few ticks.
///
/// Two failures, not one: a single dropped packet should not cost the person the tier
/// they chose. Probing every fifth tick, not every tick, bounds what a still-down
/// endpoint costs (in money and in waiting); never probing would leave the person
/// wondering forever whether the good tier came back.
public struct CircuitBreaker: Equatable, Sendable {
    public static let failuresToTrip = 2
    public static let probeInterval = 5

    public enum State: Equatable, Sendable {
        case closed(consecutiveFailures: Int)
        case open(ticksSinceTrip: Int)
    }

    public enum Transition: Equatable, Sendable {
        case none, tripped, recovered
    }

    public private(set) var state: State = .closed(consecutiveFailures: 0)

    public init() {}

    public var isOpen: Bool {
        if case .open = state { return true }
        return false
    }

    /// Counts one tick while open; true on every `probeInterval`-th one.
    public mutating func tickWhileOpen() -> Bool {
        guard case .open(let ticks) = state else { return false }
        state = .open(ticksSinceTrip: ticks + 1)
        return (ticks + 1) % Self.probeInterval == 0
    }

    public mutating func recordSuccess() -> Transition {
        defer { state = .closed(consecutiveFailures: 0) }
        return isOpen ? .recovered : .none
    }

    /// A failed probe keeps the breaker open without a new announcement.
    public mutating func recordFailure() -> Transition {
        switch state {
        case .open:
            return .none
        case .closed(let failures):
            if failures + 1 >= Self.failuresToTrip {
                state = .open(ticksSinceTrip: 0)
                return .tripped
            }
            state = .closed(consecutiveFailures: failures + 1)
            return .none
        }
    }
}
