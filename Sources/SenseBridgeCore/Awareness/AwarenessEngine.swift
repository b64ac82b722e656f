/// The hands-free alert rules as a pure state machine: readings with their times in,
/// typed events out. No clocks, queues or I/O, so every rule is tested with plain values.
public struct AwarenessEngine: Sendable {
    /// An alert starts below 1.5 m: about two strides at walking pace, enough time to
    /// stop or turn after hearing one sentence.
    public static let alertEnterMetres = 1.5
    /// An alert ends only above 1.8 m. The 0.3 m gap is hysteresis: depth noise and the
    /// sway of a chest-mounted camera move a reading by tens of centimetres, and a
    /// single threshold would toggle alert/clear on every frame near it, which is the
    /// repetition that teaches a listener to stop listening (Invariant 7).
    public static let alertLeaveMetres = 1.8
    /// Failed readings are said only once they have lasted this long: a dropped frame
    /// or two is normal, and announcing each would be noise; two seconds of no
    /// measurement while walking is a state the user must be told about (Invariant 6).
    public static let measurementLostAfter = 2.0

    public private(set) var isAlerting = false
    /// The nearest band spoken in the current alert episode.
    public private(set) var spokenBand: ProximityBand?
    private var lastPulse: Double?
    private var failingSince: Double?
    private var lostAnnounced = false

    public init() {}

    /// Feeds one frame's result at `time` (seconds, increasing). `nil` or a
    /// could-not-measure outcome holds the current state: it is not "nothing there". So
    /// does a reading whose distance is not a measurement (NaN, negative, infinite, or
    /// beyond what any sensor measures, `Phrasing.roundedTowardUser`): the engine is
    /// public, and such a number must neither clear an alert nor be said as a distance.
    public mutating func feed(_ outcome: DepthReduction.Outcome?, at time: Double) -> [AwarenessEvent] {
        guard let reading = outcome?.reading, Phrasing.roundedTowardUser(reading.nearestMetres) != nil else {
            return failed(at: time)
        }
        var events: [AwarenessEvent] = []
        failingSince = nil
        if lostAnnounced {
            lostAnnounced = false
            events.append(.measurementResumed(distance: reading.nearestMetres))
        }
        let distance = reading.nearestMetres
        let band = ProximityBand(distance: distance)
        if !isAlerting {
            if distance < Self.alertEnterMetres {
                isAlerting = true
                spokenBand = band
                lastPulse = time
                events.append(.alert(distance: distance, side: reading.namedSide, band: band))
            }
            return events
        }
        if distance > Self.alertLeaveMetres {
            isAlerting = false
            spokenBand = nil
            lastPulse = nil
            events.append(.clear(distance: distance))
            return events
        }
        if let spoken = spokenBand, band < spoken {
            spokenBand = band
            lastPulse = time
            events.append(.nearerBand(distance: distance, side: reading.namedSide, band: band))
        } else if let interval = band.repeatInterval, let last = lastPulse, time - last >= interval {
            lastPulse = time
            events.append(.pulse(band: band))
        }
        return events
    }

    private mutating func failed(at time: Double) -> [AwarenessEvent] {
        let since = failingSince ?? time
        failingSince = since
        guard !lostAnnounced, time - since >= Self.measurementLostAfter else { return [] }
        lostAnnounced = true
        return [.measurementLost]
    }
}
