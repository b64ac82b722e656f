import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

@Suite struct ThermalBackoffTests {
    static let wait = ThermalBackoff.recoveryReadings

    /// Feeds readings in order; returns the announcement of each.
    static func run(_ backoff: inout ThermalBackoff, _ readings: [ThermalLevel?]) -> [ThermalLevel?] {
        readings.map { backoff.feed($0) }
    }

    static func repeated(_ level: ThermalLevel?, _ count: Int) -> [ThermalLevel?] {
        Array(repeating: level, count: count)
    }

    @Test func startsAtTheUsualPace() {
        let backoff = ThermalBackoff()
        #expect(backoff.level == .nominal)
        #expect(backoff.intervalMultiplier == 1)
    }

    @Test func nominalAndFairChangeNothingAudible() {
        var backoff = ThermalBackoff()
        let said = Self.run(&backoff, [.nominal, .fair, .nominal, .fair, .fair] + Self.repeated(.nominal, Self.wait + 5))
        #expect(said.allSatisfy { $0 == nil })
        #expect(backoff.intervalMultiplier == 1)
    }

    @Test func hotterIsSaidOnTheReadingThatShowsItAndOnlyOnce() {
        var backoff = ThermalBackoff()
        let said = Self.run(&backoff, [.nominal, .serious, .serious, .serious, .critical, .critical])
        #expect(said == [nil, .serious, nil, nil, .critical, nil])
        #expect(backoff.intervalMultiplier == 4)
    }

    @Test func nominalStraightToCriticalIsOneAnnouncement() {
        var backoff = ThermalBackoff()
        #expect(Self.run(&backoff, [.critical, .critical]) == [.critical, nil])
    }

    @Test func recoveryIsSaidOnceAfterTheWait() {
        var backoff = ThermalBackoff()
        _ = backoff.feed(.serious)
        let said = Self.run(&backoff, Self.repeated(.nominal, Self.wait * 3))
        #expect(said[..<(Self.wait - 1)].allSatisfy { $0 == nil }, "still slowed while the wait runs")
        #expect(said[Self.wait - 1] == .nominal)
        #expect(said[Self.wait...].allSatisfy { $0 == nil }, "recovery is said once")
        #expect(backoff.intervalMultiplier == 1)
    }

    @Test func recoveryToFairIsStillARecovery() {
        var backoff = ThermalBackoff()
        _ = backoff.feed(.critical)
        let said = Self.run(&backoff, Self.repeated(.fair, Self.wait))
        #expect(said.compactMap { $0 } == [.fair])
        #expect(backoff.intervalMultiplier == 1)
    }

    @Test func criticalStepsDownThroughSeriousEachSaidOnce() {
        var backoff = ThermalBackoff()
        let said = Self.run(&backoff, [.critical] + Self.repeated(.serious, Self.wait) + Self.repeated(.nominal, Self.wait))
        #expect(said.compactMap { $0 } == [.critical, .serious, .nominal])
    }

    @Test func steppingDownGoesOnlyAsFarAsTheHottestCoolerReading() {
        var backoff = ThermalBackoff()
        _ = backoff.feed(.critical)
        // Cooler than critical every time, but one of them, midway, was still serious.
        let cooler = Self.repeated(.nominal, Self.wait / 2) + [.serious] + Self.repeated(.nominal, Self.wait - Self.wait / 2 - 1)
        let said = Self.run(&backoff, cooler)
        #expect(said.last == .serious)
        #expect(said.compactMap { $0 } == [.serious])
        #expect(backoff.intervalMultiplier == 2)
    }

    @Test func aReadingAtTheCurrentPaceRestartsTheWait() {
        var backoff = ThermalBackoff()
        _ = backoff.feed(.serious)
        let said = Self.run(&backoff, Self.repeated(.nominal, Self.wait - 1) + [.serious] + Self.repeated(.nominal, Self.wait - 1))
        #expect(said.allSatisfy { $0 == nil })
        #expect(backoff.intervalMultiplier == 2)
        #expect(backoff.feed(.nominal) == .nominal)
    }

    @Test func unreadableHoldsThePaceAndTheCount() {
        var backoff = ThermalBackoff()
        #expect(Self.run(&backoff, Self.repeated(nil, 100)).allSatisfy { $0 == nil })
        #expect(backoff.level == .nominal, "unknown at the start keeps the usual pace")
        _ = backoff.feed(.critical)
        #expect(Self.run(&backoff, Self.repeated(nil, Self.wait * 4)).allSatisfy { $0 == nil })
        #expect(backoff.intervalMultiplier == 4, "an unreadable sensor is not a cool device")
        // Unknown between cooler readings neither counts toward recovery nor resets it.
        let half = Self.wait / 2
        let said = Self.run(&backoff, Self.repeated(.nominal, half) + Self.repeated(nil, Self.wait) + Self.repeated(.nominal, Self.wait - half))
        #expect(said.compactMap { $0 } == [.nominal])
        #expect(said.last == .nominal, "recovered on the last cooler reading, not on an unknown one")
    }

    @Test func aTemperatureHoveringAtATripPointDoesNotFlap() {
        var backoff = ThermalBackoff()
        // A zone reading either side of its passive trip: serious, fair, fair, serious, …
        // An hour of polls at once a second, seeded so every run sees the same hour.
        var generator = SeededGenerator(seed: 16)
        let hovering: [ThermalLevel?] = (0..<3_600).map { _ in Bool.random(using: &generator) ? .serious : .fair }
        let said = Self.run(&backoff, hovering)
        #expect(said.compactMap { $0 } == [.serious], "slowed once, and it stays slowed while it hovers")
    }

    @Test("each announcement has its sentence", arguments: [ThermalLevel.serious, .critical])
    func sentences(slowed: ThermalLevel) {
        var backoff = ThermalBackoff()
        let slowedSaid = backoff.feed(slowed)
        let recovered = Self.run(&backoff, Self.repeated(.nominal, Self.wait)).compactMap { $0 }.first
        #expect(slowedSaid.map { Phrasing.status(.thermalBackoff($0), locale: .en) }
            == (slowed == .serious ? SpokenTable.en.thermalSlowedHalf.text : SpokenTable.en.thermalSlowedQuarter.text))
        #expect(recovered.map { Phrasing.status(.thermalBackoff($0), locale: .en) } == SpokenTable.en.thermalRecovered.text)
    }
}
