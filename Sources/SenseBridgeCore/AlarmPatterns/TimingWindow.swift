/// A standard's duration with its tolerance, in seconds.
public struct TimingWindow: Equatable, Sendable {
    public var nominal: Double
    public var lower: Double
    public var upper: Double

    /// What a 10 ms-frame measurement adds either side of the standard's own tolerance:
    /// edges are measured to about a millisecond, a few in noise (`ToneTracker`, its tests), and a pulse exactly at
    /// the standard's limit must not be refused for that.
    public static let measurementAllowance = 0.005

    public init(nominal: Double, lower: Double, upper: Double) {
        self.nominal = nominal
        self.lower = lower
        self.upper = upper
    }

    /// ± a share of the nominal duration, as ISO 8201 states its tolerances (± 10 %).
    public init(nominal: Double, tolerance: Double) {
        self.init(nominal: nominal, lower: nominal * (1 - tolerance), upper: nominal * (1 + tolerance))
    }

    public func accepts(_ seconds: Double) -> Bool {
        seconds >= lower - Self.measurementAllowance && seconds <= upper + Self.measurementAllowance
    }

    /// 1 at the nominal duration, 0 at (or past) either limit.
    func fit(_ seconds: Double) -> Double {
        AlarmConfidence.fit(seconds, nominal: nominal, lower: lower, upper: upper)
    }
}
