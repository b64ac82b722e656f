/// Thermal backoff as a pure state machine: thermal readings in, the level whose pace
/// must be announced out. No clocks or I/O; it counts readings, so every rule is tested
/// with plain values.
///
/// What is announced is the *backoff*, not the temperature: a change of
/// `ThermalLevel.intervalMultiplier`, each said once (Invariant 6; being slowed into
/// silence unannounced is the failure this exists to avoid), recovery included.
/// Nominal ↔ fair changes nothing the person can hear, so it is never said. The backoff
/// never stops a session: someone mid-walk is better off with a slower cadence they were
/// told about than with silence.
///
/// Hysteresis, asymmetric: a hotter reading takes effect on the reading that shows it,
/// because every second spent at full pace on a hot device brings the kernel's own
/// unannounced throttling (or its shutdown) closer. A cooler pace takes effect only after
/// `recoveryReadings` consecutive readings at that cooler pace, because a temperature
/// hovering at a trip point reads a degree or so either side of it from one poll to the
/// next, and "slowed, usual, slowed" every few seconds is the repetition that teaches a
/// listener to stop listening (Invariant 7). Staying slow a little longer costs little.
public struct ThermalBackoff: Sendable {
    /// Readings in a row at a cooler pace before the pace steps down. At the awareness
    /// loop's poll of about once a second this is half a minute: a device cools over
    /// minutes, so the wait barely delays recovery, while a reading noisy around a trip
    /// point would need thirty coin flips in a row to flap.
    public static let recoveryReadings = 30

    /// The level in effect: it sets the multiplier. Starts nominal, the app's usual pace.
    public private(set) var level: ThermalLevel = .nominal
    /// Cooler readings seen in a row so far, and the hottest of them: stepping down goes
    /// only as far as every one of them allows.
    private var coolerReadings = 0
    private var hottestCooler: ThermalLevel?

    public init() {}

    /// How many times longer both cadences wait now.
    public var intervalMultiplier: Int { level.intervalMultiplier }

    /// Feeds one reading; returns the level to announce when the pace changed, else nil.
    ///
    /// `nil` (no zone could be read) holds everything: an unreadable sensor is not a cool
    /// device (Invariant 2), so it neither counts toward recovery nor undoes the cooler
    /// readings already counted.
    public mutating func feed(_ reading: ThermalLevel?) -> ThermalLevel? {
        guard let reading else { return nil }
        let current = level.intervalMultiplier
        let next = reading.intervalMultiplier
        if next >= current {
            // Same pace (nominal ↔ fair is silent) or hotter: follow the reading at once.
            forgetCoolerReadings()
            level = reading
            return next > current ? reading : nil
        }
        coolerReadings += 1
        hottestCooler = max(hottestCooler ?? reading, reading)
        guard coolerReadings >= Self.recoveryReadings, let target = hottestCooler else { return nil }
        forgetCoolerReadings()
        level = target
        return target
    }

    private mutating func forgetCoolerReadings() {
        coolerReadings = 0
        hottestCooler = nil
    }
}
