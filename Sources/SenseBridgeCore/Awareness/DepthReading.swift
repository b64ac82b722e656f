/// What one depth frame measured, after the floor was rejected by gravity.
///
/// A reading exists only when something was measured. "Could not measure" is a
/// `DepthReduction.Failure`, never a reading with a large distance, so no caller can
/// turn a failed frame into "the way is clear" (Invariant 2).
public struct DepthReading: Equatable, Sendable {
    /// The nearest non-floor sample in the region of interest, in metres along the
    /// camera's view axis (the sensor's own depth, not a derived range).
    public var nearestMetres: Double
    /// Per-zone minima cut from the full width; nil where a zone had no usable sample.
    public var zones: ZoneReading
    /// The side the sentence may name; nil unless all three conditions hold (see `ZoneReading.namedSide`).
    public var namedSide: ZoneReading.Side?

    public init(nearestMetres: Double, zones: ZoneReading, namedSide: ZoneReading.Side?) {
        self.nearestMetres = nearestMetres
        self.zones = zones
        self.namedSide = namedSide
    }
}

/// The nearest measurement in each third of the full width.
public struct ZoneReading: Equatable, Sendable {
    public enum Side: Equatable, Sendable { case left, right }

    public var left: Double?
    public var centre: Double?
    public var right: Double?

    public init(left: Double?, centre: Double?, right: Double?) {
        self.left = left
        self.centre = centre
        self.right = right
    }

    /// One zone must be nearer than every other measured zone by this much before it
    /// is "the" near side: smaller differences are within what a re-tightened chest
    /// strap's yaw and sensor noise produce, and a wall across the frame names no side.
    public static let significantMargin = 0.4

    /// The named side must agree with the spoken distance within this: the zone strip
    /// reaches into periphery the distance never looked at, and a bollard off to one
    /// side must not lend its direction to a sentence about a wall ahead.
    public static let agreementTolerance = 0.5

    /// The zone nearer than every other measured zone by `significantMargin`; nil when
    /// fewer than two zones were measured (a lone resolved zone would be "nearest" only
    /// because the others were unreadable, which is absence inferred).
    public var significantZone: Zone? {
        // The nearest and the runner-up, kept by hand: this runs for every depth frame,
        // which allocates nothing.
        var nearest: (zone: Zone, value: Double)?
        var runnerUp = Double.infinity, measured = 0
        func consider(_ zone: Zone, _ value: Double?) {
            guard let value else { return }
            measured += 1
            if let current = nearest, current.value <= value {
                runnerUp = min(runnerUp, value)
            } else {
                runnerUp = min(runnerUp, nearest?.value ?? .infinity)
                nearest = (zone, value)
            }
        }
        consider(.left, left)
        consider(.centre, centre)
        consider(.right, right)
        guard let nearest, measured >= 2 else { return nil }
        return runnerUp - nearest.value >= Self.significantMargin ? nearest.zone : nil
    }

    public enum Zone: Equatable, Sendable { case left, centre, right }

    /// A side is named only when earned: a significant zone that is a side, a measured
    /// centre (a listener told "on your left" concludes the way ahead is freer, and a
    /// glass door ahead returns no depth), and agreement with the spoken distance.
    public func namedSide(spokenDistance: Double) -> Side? {
        guard centre != nil, let zone = significantZone else { return nil }
        let side: Side
        let value: Double?
        switch zone {
        case .centre: return nil
        case .left: side = .left; value = left
        case .right: side = .right; value = right
        }
        guard let value, abs(value - spokenDistance) <= Self.agreementTolerance else { return nil }
        return side
    }
}
