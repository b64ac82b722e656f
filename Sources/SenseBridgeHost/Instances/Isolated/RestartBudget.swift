/// How often a crashed runner may be started again: a plugin that crashes on every
/// call would otherwise be restarted forever, each time costing the person a moment
/// of fallback and the machine a process start.
///
/// At most `limit` restarts in any `window` seconds, and not sooner than `backoff`
/// after a crash, doubling with each one in the window; past the limit the plugin stays
/// off for the session. Pure: times are given, so it is testable without processes.
struct RestartBudget: Sendable, Equatable {
    var limit = 3
    var window: Double = 60
    var initialBackoff: Double = 0.5
    private(set) var restarts: [Double] = []
    private(set) var lastFailure: Double?
    private(set) var exhausted = false

    enum Decision: Equatable {
        case restart
        /// Too soon after the crash; try again after `until`.
        case wait(until: Double)
        /// Off for the rest of the session.
        case stayOff
    }

    init(limit: Int = 3, window: Double = 60, initialBackoff: Double = 0.5) {
        self.limit = limit
        self.window = window
        self.initialBackoff = initialBackoff
    }

    mutating func failed(at time: Double) {
        lastFailure = time
    }

    /// Asked before a call on a runner that died; records the restart it allows.
    mutating func decide(at time: Double) -> Decision {
        if exhausted { return .stayOff }
        restarts.removeAll { time - $0 >= window }
        guard restarts.count < limit else {
            exhausted = true
            return .stayOff
        }
        if let failure = lastFailure {
            let backoff = initialBackoff * Double(1 << restarts.count)
            if time < failure + backoff { return .wait(until: failure + backoff) }
        }
        restarts.append(time)
        return .restart
    }
}
