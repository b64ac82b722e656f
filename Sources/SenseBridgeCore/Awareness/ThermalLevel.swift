/// How hot the device running the awareness loop is, coarsely: the one thing thermal
/// backoff needs to know.
///
/// Four levels, coolest first, after the platform thermal states the loop was designed
/// around (nominal, fair, serious, critical), so a Linux zone reading and any other
/// source of a thermal state feed the same backoff. The loop holds a depth sensor, a
/// composer and speech for as long as someone walks; on a warm device the kernel would
/// throttle all of them unannounced, so the loop slows itself first and says so.
public enum ThermalLevel: Int, Comparable, Sendable, CaseIterable {
    case nominal = 0
    case fair = 1
    case serious = 2
    case critical = 3

    /// How many times longer both cadences (depth checks and narration) wait while at
    /// this level. A multiplier rather than fixed intervals, so it composes with the
    /// user's own narration cadence instead of overriding it, and the expensive depth
    /// half backs off in proportion with the cheap narration half.
    public var intervalMultiplier: Int {
        switch self {
        /// Normal operation: nothing to back off from.
        case .nominal: return 1
        /// Warm but below any trip point: the kernel is not throttling yet, and slowing
        /// the obstacle checks of someone mid-walk costs more than a warm device does.
        case .fair: return 1
        /// At a passive or hot trip point the kernel has started (or is about to start)
        /// throttling the CPU; halving the work lets the device cool instead of the
        /// kernel slowing every frame unpredictably.
        case .serious: return 2
        /// At the critical trip point the kernel may shut the device down, which would
        /// silence every alert; a quarter of the work is the last step before that.
        case .critical: return 4
        }
    }

    /// Hotter levels compare greater.
    public static func < (lhs: ThermalLevel, rhs: ThermalLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
