/// One thermal zone's temperature and trip points, as Linux reports them under
/// /sys/class/thermal, classified into a `ThermalLevel`. Pure: the host reads the files,
/// this decides what they mean, so every threshold is tested with plain numbers.
///
/// The trip points are the zone's own, set by whoever knows the hardware (firmware, the
/// device tree, the driver); they are trusted over any number chosen here. Fixed
/// fallbacks stand in only for what a zone does not report.
public struct ThermalZoneReading: Sendable, Equatable {
    /// One trip point: where the kernel acts on this zone.
    public struct TripPoint: Sendable, Equatable {
        public enum Kind: String, Sendable, CaseIterable {
            /// A fan or other active cooling switches on: ordinary cooling, not throttling,
            /// so it never slows the loop.
            case active
            /// The kernel starts throttling the CPU.
            case passive
            /// Close to critical; the kernel notifies but does not act yet.
            case hot
            /// The kernel may shut the device down.
            case critical
        }

        public var kind: Kind
        public var millidegrees: Int

        public init(kind: Kind, millidegrees: Int) {
            self.kind = kind
            self.millidegrees = millidegrees
        }

        /// A trip point from sysfs's `trip_point_N_type` text ("passive\n"), nil for a
        /// type this classification does not know (it is then ignored, not guessed at).
        public init?(type: String, millidegrees: Int) {
            let word = type.split(whereSeparator: \.isWhitespace)
            guard word.count == 1, let kind = Kind(rawValue: String(word[0])) else { return nil }
            self.init(kind: kind, millidegrees: millidegrees)
        }
    }

    /// Below a zone's lowest passive or hot trip by this much, the zone is `fair`: warm,
    /// approaching throttling, but not there (the multiplier is still 1). Ten degrees is
    /// about what a device under sustained load climbs in the last minute or two before
    /// its trip point.
    public static let fairMarginMillidegrees = 10_000
    /// Serious, without a passive or hot trip: 90 °C is where laptop and single-board
    /// CPUs commonly start throttling themselves.
    public static let fallbackSeriousMillidegrees = 90_000
    /// Critical, without a critical trip: 100 °C is at or above the maximum junction
    /// temperature of most consumer silicon, where shutdown comes next.
    public static let fallbackCriticalMillidegrees = 100_000
    /// Readings outside this range are a broken or placeholder sensor, not a temperature:
    /// nothing that runs SenseBridge works above 150 °C, and nothing is read below
    /// -50 °C except a sentinel. Such a zone is unreadable, never "cool" (Invariant 2) and
    /// never a false alarm.
    public static let plausibleMillidegrees = -50_000...150_000

    public var millidegrees: Int
    public var tripPoints: [TripPoint]

    public init(millidegrees: Int, tripPoints: [TripPoint] = []) {
        self.millidegrees = millidegrees
        self.tripPoints = tripPoints
    }

    /// Where this zone turns serious: its lowest passive or hot trip, else the fallback;
    /// never above where it turns critical.
    public var seriousMillidegrees: Int {
        min(lowestTrip([.passive, .hot]) ?? Self.fallbackSeriousMillidegrees, criticalMillidegrees)
    }

    /// Where this zone turns critical: its lowest critical trip, else the fallback.
    public var criticalMillidegrees: Int {
        lowestTrip([.critical]) ?? Self.fallbackCriticalMillidegrees
    }

    /// The zone's level, or nil when its temperature is not plausible.
    public var level: ThermalLevel? {
        guard Self.plausibleMillidegrees.contains(millidegrees) else { return nil }
        if millidegrees >= criticalMillidegrees { return .critical }
        let serious = seriousMillidegrees
        if millidegrees >= serious { return .serious }
        if millidegrees >= serious - Self.fairMarginMillidegrees { return .fair }
        return .nominal
    }

    /// The machine's level: its hottest zone's, since one zone at its trip point is
    /// enough for the kernel to throttle. Nil when no zone gave a plausible reading:
    /// unknown, not nominal.
    public static func machineLevel(_ zones: [ThermalZoneReading]) -> ThermalLevel? {
        zones.compactMap(\.level).max()
    }

    /// Trips at or below 0 °C are disabled ones (x86_pkg_temp reports its unused passive
    /// trips as 0); counting them would make every reading serious.
    private func lowestTrip(_ kinds: Set<TripPoint.Kind>) -> Int? {
        tripPoints.filter { kinds.contains($0.kind) && $0.millidegrees > 0 }.map(\.millidegrees).min()
    }
}
