/// What the awareness engine decided, as facts the session turns into messages.
public enum AwarenessEvent: Equatable, Sendable {
    /// Not alerting → alerting: the first sentence of an alert episode.
    case alert(distance: Double, side: ZoneReading.Side?, band: ProximityBand)
    /// While alerting, the nearest measurement entered a band nearer than any spoken in
    /// this episode: the distance is said again, once for that band. Without it a
    /// listener walking toward a wall hears one sentence and then silence, which cannot
    /// be told from the session having died.
    case nearerBand(distance: Double, side: ZoneReading.Side?, band: ProximityBand)
    /// The alert cue repeated at its band's interval; for channels that carry no prose.
    case pulse(band: ProximityBand)
    /// Alerting → not alerting, observed between two measurements. The only honest
    /// source of `awarenessClear`: a change seen, not an absence inferred.
    case clear(distance: Double)
    /// Readings have failed for `AwarenessEngine.measurementLostAfter`; said once per
    /// outage. The state (alerting or not) is held, never cleared.
    case measurementLost
    /// The first reading after `measurementLost`; said once, as a measurement.
    case measurementResumed(distance: Double)
}
