/// How close the nearest measurement is, bucketed so that cadence, not prose, carries
/// proximity on the channel with no words (haptics).
///
/// Four bands, nearest first. Only the rate of the one existing alert cue varies; it
/// must not grow into a vocabulary of patterns, which would need co-design with
/// deaf-blind collaborators.
public enum ProximityBand: Int, Comparable, Sendable, CaseIterable {
    case immediate = 0
    case near = 1
    case approaching = 2
    case far = 3

    /// Under half a metre is arm's length: the cue is fastest where a step means contact.
    public static let immediateLimit = 0.5
    /// Under a metre is one stride.
    public static let nearLimit = 1.0
    /// The alert threshold: beyond it nothing is alerting, so the cue is silent.
    public static let approachingLimit = AwarenessEngine.alertEnterMetres

    public init(distance metres: Double) {
        if metres < Self.immediateLimit {
            self = .immediate
        } else if metres < Self.nearLimit {
            self = .near
        } else if metres < Self.approachingLimit {
            self = .approaching
        } else {
            self = .far
        }
    }

    /// Seconds between repeats of the alert cue while an alert is active.
    public var repeatInterval: Double? {
        switch self {
        case .immediate: return 1
        case .near: return 2
        case .approaching: return 4
        /// Indoors there is always a wall three metres away; a cue that never stops is a
        /// cue that stops being noticed, so the furthest band is silent.
        case .far: return nil
        }
    }

    /// Nearer bands compare smaller.
    public static func < (lhs: ProximityBand, rhs: ProximityBand) -> Bool { lhs.rawValue < rhs.rawValue }
}
