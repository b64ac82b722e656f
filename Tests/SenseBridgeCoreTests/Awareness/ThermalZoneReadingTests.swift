import SenseBridgeCore
import Testing

@Suite struct ThermalZoneReadingTests {
    typealias Trip = ThermalZoneReading.TripPoint

    /// A zone like an ARM board's: passive at 85 °C, hot at 95 °C, critical at 105 °C,
    /// and a fan trip at 60 °C that must not count.
    static let trips = [Trip(kind: .active, millidegrees: 60_000), Trip(kind: .passive, millidegrees: 85_000),
                        Trip(kind: .hot, millidegrees: 95_000), Trip(kind: .critical, millidegrees: 105_000)]

    @Test("a zone with trip points is classified against them",
          arguments: [(20_000, ThermalLevel.nominal), (60_000, .nominal), (74_999, .nominal), (75_000, .fair),
                      (84_999, .fair), (85_000, .serious), (95_000, .serious), (104_999, .serious),
                      (105_000, .critical), (130_000, .critical)])
    func withTrips(millidegrees: Int, expected: ThermalLevel) {
        #expect(ThermalZoneReading(millidegrees: millidegrees, tripPoints: Self.trips).level == expected)
    }

    @Test("a zone without trip points uses the 80/90/100 °C fallbacks",
          arguments: [(-5_000, ThermalLevel.nominal), (79_999, .nominal), (80_000, .fair), (89_999, .fair),
                      (90_000, .serious), (99_999, .serious), (100_000, .critical)])
    func withoutTrips(millidegrees: Int, expected: ThermalLevel) {
        #expect(ThermalZoneReading(millidegrees: millidegrees).level == expected)
    }

    @Test func theFallbacksAreNamedAndOrdered() {
        #expect(ThermalZoneReading.fallbackSeriousMillidegrees == 90_000)
        #expect(ThermalZoneReading.fallbackCriticalMillidegrees == 100_000)
        #expect(ThermalZoneReading.fairMarginMillidegrees == 10_000)
    }

    @Test func aHotTripBelowThePassiveOneCountsAsSerious() {
        let zone = ThermalZoneReading(millidegrees: 82_000, tripPoints: [Trip(kind: .hot, millidegrees: 80_000), Trip(kind: .passive, millidegrees: 90_000)])
        #expect(zone.seriousMillidegrees == 80_000)
        #expect(zone.level == .serious)
        #expect(ThermalZoneReading(millidegrees: 70_000, tripPoints: zone.tripPoints).level == .fair)
    }

    @Test func onlyACriticalTripKeepsTheSeriousFallback() {
        // Common on single-board computers: one critical trip, nothing passive.
        let trips = [Trip(kind: .critical, millidegrees: 110_000)]
        #expect(ThermalZoneReading(millidegrees: 92_000, tripPoints: trips).level == .serious)
        #expect(ThermalZoneReading(millidegrees: 105_000, tripPoints: trips).level == .serious,
                "the zone's own critical trip replaces the 100 °C fallback")
        #expect(ThermalZoneReading(millidegrees: 110_000, tripPoints: trips).level == .critical)
    }

    @Test func seriousNeverStartsAboveCritical() {
        let trips = [Trip(kind: .critical, millidegrees: 80_000)]
        let zone = ThermalZoneReading(millidegrees: 72_000, tripPoints: trips)
        #expect(zone.seriousMillidegrees == 80_000)
        #expect(zone.level == .fair, "fair is measured from the first trip the zone reaches")
    }

    @Test func disabledTripsAtZeroAreIgnored() {
        // x86_pkg_temp's unused passive trips read 0.
        let trips = [Trip(kind: .passive, millidegrees: 0), Trip(kind: .passive, millidegrees: -273_000)]
        #expect(ThermalZoneReading(millidegrees: 45_000, tripPoints: trips).level == .nominal)
        #expect(ThermalZoneReading(millidegrees: 91_000, tripPoints: trips).level == .serious)
    }

    @Test func activeTripsNeverSlowTheLoop() {
        let trips = [Trip(kind: .active, millidegrees: 50_000), Trip(kind: .active, millidegrees: 65_000)]
        #expect(ThermalZoneReading(millidegrees: 70_000, tripPoints: trips).level == .nominal)
    }

    @Test("implausible temperatures are unreadable, neither cool nor hot",
          arguments: [Int.max, 2_147_483_647, 150_001, -50_001, -273_150])
    func implausible(millidegrees: Int) {
        #expect(ThermalZoneReading(millidegrees: millidegrees).level == nil)
    }

    @Test func theMachineIsAsHotAsItsHottestZone() {
        let cool = ThermalZoneReading(millidegrees: 40_000)
        let warm = ThermalZoneReading(millidegrees: 82_000)
        let throttling = ThermalZoneReading(millidegrees: 86_000, tripPoints: Self.trips)
        #expect(ThermalZoneReading.machineLevel([cool]) == .nominal)
        #expect(ThermalZoneReading.machineLevel([cool, warm]) == .fair)
        #expect(ThermalZoneReading.machineLevel([throttling, cool, warm]) == .serious)
        #expect(ThermalZoneReading.machineLevel([cool, ThermalZoneReading(millidegrees: 999_999)]) == .nominal,
                "an implausible zone is skipped, not counted")
    }

    @Test func noReadableZoneIsUnknownNotNominal() {
        #expect(ThermalZoneReading.machineLevel([]) == nil)
        #expect(ThermalZoneReading.machineLevel([ThermalZoneReading(millidegrees: -999_999)]) == nil)
    }

    @Test("sysfs trip types are read with their newline; unknown ones are left out",
          arguments: [("passive\n", Trip.Kind?.some(.passive)), ("hot", .hot), (" critical \n", .critical),
                      ("active\n", .active), ("Passive", nil), ("", nil), ("critical hot", nil), ("user", nil)])
    func tripTypes(text: String, expected: Trip.Kind?) {
        #expect(Trip(type: text, millidegrees: 90_000)?.kind == expected)
    }
}
