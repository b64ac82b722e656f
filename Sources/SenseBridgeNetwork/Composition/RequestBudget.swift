import SenseBridgeHost
/// How many network requests a session may still make: a rolling hour and a session total.
///
/// Retries and runaway loops are how a bring-your-own-key tier becomes a surprise bill;
/// the budget is the backstop that holds even if every other guard failed. Probes count,
/// and so does each structured-output mode asked.
public struct RequestBudget: Equatable, Sendable {
    public var perHour: Int
    public var perSession: Int
    /// Send times within the last hour, oldest first, in seconds on the resolver's clock.
    private var recent: [Double] = []
    public private(set) var sessionCount = 0

    public enum Verdict: Equatable, Sendable {
        case allowed, hourlyExhausted, sessionExhausted
    }

    public init(perHour: Int, perSession: Int) {
        self.perHour = perHour
        self.perSession = perSession
    }

    public mutating func check(now: Double) -> Verdict {
        recent.removeAll { now - $0 >= 3600 }
        if sessionCount >= perSession { return .sessionExhausted }
        if recent.count >= perHour { return .hourlyExhausted }
        return .allowed
    }

    public mutating func spend(now: Double) {
        recent.append(now)
        sessionCount += 1
    }

    public var inLastHour: Int { recent.count }
}
