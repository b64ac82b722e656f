import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

@Suite struct SysfsThermalMonitorTests {
    /// Writes one zone as Linux lays it out: `thermal_zoneN/temp` and its trip files.
    static func zone(_ directory: TemporaryDirectory, _ index: Int, temp: String?,
                     trips: [(type: String, temp: String)] = []) throws {
        let zone = "thermal_zone\(index)"
        try directory.write("\(zone)/type", "test-zone\n")
        if let temp { try directory.write("\(zone)/temp", temp) }
        for (trip, (type, temperature)) in trips.enumerated() {
            try directory.write("\(zone)/trip_point_\(trip)_type", type)
            try directory.write("\(zone)/trip_point_\(trip)_temp", temperature)
        }
    }

    static func monitor(_ directory: TemporaryDirectory, rediscoverEvery: Int = 60) -> SysfsThermalMonitor {
        SysfsThermalMonitor(root: directory.url.path, rediscoverEvery: rediscoverEvery)
    }

    @Test func theDefaultRootIsSysfs() {
        #expect(SysfsThermalMonitor().root == "/sys/class/thermal")
    }

    @Test func aZoneIsClassifiedAgainstItsOwnTripPoints() throws {
        let directory = try TemporaryDirectory("thermal")
        try Self.zone(directory, 0, temp: "86000\n",
                      trips: [("active\n", "60000\n"), ("passive\n", "85000\n"), ("critical\n", "105000\n")])
        var monitor = Self.monitor(directory)
        let zones = monitor.readZones()
        #expect(zones == [ThermalZoneReading(millidegrees: 86_000, tripPoints: [
            .init(kind: .active, millidegrees: 60_000), .init(kind: .passive, millidegrees: 85_000),
            .init(kind: .critical, millidegrees: 105_000)])])
        #expect(monitor.level() == .serious, "86 °C is past this zone's passive trip, below the 90 °C fallback")
    }

    @Test func theHottestZoneSetsTheLevel() throws {
        let directory = try TemporaryDirectory("thermal")
        try Self.zone(directory, 0, temp: "45000\n")
        try Self.zone(directory, 1, temp: "101000\n")
        try Self.zone(directory, 2, temp: "82000\n")
        var monitor = Self.monitor(directory)
        #expect(monitor.readZones().map(\.millidegrees) == [45_000, 101_000, 82_000])
        #expect(monitor.level() == .critical)
    }

    @Test func zonesAreReadInNumericOrder() throws {
        let directory = try TemporaryDirectory("thermal")
        for index in [10, 2, 1] { try Self.zone(directory, index, temp: "\(index * 1000)\n") }
        var monitor = Self.monitor(directory)
        #expect(monitor.readZones().map(\.millidegrees) == [1_000, 2_000, 10_000])
    }

    @Test func unreadableAndGarbageZonesAreSkipped() throws {
        let directory = try TemporaryDirectory("thermal")
        try Self.zone(directory, 0, temp: "not a number\n")
        try Self.zone(directory, 1, temp: nil)                       // no temp file at all
        try Self.zone(directory, 2, temp: "")                        // empty
        try FileManager.default.createDirectory(at: directory.file("thermal_zone3/temp"), withIntermediateDirectories: true) // read fails
        try Self.zone(directory, 4, temp: "999999999\n")             // implausible
        try Self.zone(directory, 5, temp: "52000\n")
        try directory.write("cooling_device0/cur_state", "0\n")      // not a zone
        try directory.write("thermal_zoneX/temp", "95000\n")          // not a zone name
        var monitor = Self.monitor(directory)
        #expect(monitor.readZones().map(\.millidegrees) == [999_999_999, 52_000])
        #expect(monitor.level() == .nominal)
    }

    @Test func garbageTripPointsAreLeftOutAndTheFallbacksStandIn() throws {
        let directory = try TemporaryDirectory("thermal")
        try Self.zone(directory, 0, temp: "92000\n",
                      trips: [("passive\n", "garbage\n"), ("bogus\n", "50000\n"), ("critical\n", "120000\n")])
        try directory.write("thermal_zone0/trip_point_3_type", "passive\n") // its temp file is missing
        var monitor = Self.monitor(directory)
        #expect(monitor.readZones().first?.tripPoints == [.init(kind: .critical, millidegrees: 120_000)])
        #expect(monitor.level() == .serious, "the 90 °C fallback, not the unreadable passive trip")
    }

    @Test func noReadableZoneIsUnknownNotNominal() throws {
        let empty = try TemporaryDirectory("thermal")
        var monitor = Self.monitor(empty)
        #expect(monitor.level() == nil)

        let broken = try TemporaryDirectory("thermal")
        try Self.zone(broken, 0, temp: "ENODATA")
        try Self.zone(broken, 1, temp: nil)
        var brokenMonitor = Self.monitor(broken)
        #expect(brokenMonitor.level() == nil)

        var missing = SysfsThermalMonitor(root: empty.url.appendingPathComponent("absent").path)
        #expect(missing.level() == nil)
    }

    @Test func temperaturesAreReadEveryPollAndTheListOnlyEveryRediscovery() throws {
        let directory = try TemporaryDirectory("thermal")
        try Self.zone(directory, 0, temp: "40000\n")
        var monitor = Self.monitor(directory, rediscoverEvery: 5)
        #expect(monitor.level() == .nominal)
        try directory.write("thermal_zone0/temp", "95000\n")
        #expect(monitor.level() == .serious, "the temperature is read on every poll")
        try Self.zone(directory, 1, temp: "100000\n")
        let beforeRediscovery = (0..<3).map { _ in monitor.level() }
        #expect(beforeRediscovery == [.serious, .serious, .serious], "the zone list is kept between rediscoveries")
        #expect(monitor.level() == .critical, "the sixth poll lists the zones again")
    }

    @Test func aZoneThatStopsAnsweringIsSkippedUntilItAnswersAgain() throws {
        let directory = try TemporaryDirectory("thermal")
        try Self.zone(directory, 0, temp: "40000\n")
        try Self.zone(directory, 1, temp: "95000\n")
        var monitor = Self.monitor(directory)
        #expect(monitor.level() == .serious)
        try FileManager.default.removeItem(at: directory.file("thermal_zone1/temp"))
        #expect(monitor.level() == .nominal)
        try FileManager.default.removeItem(at: directory.file("thermal_zone0/temp"))
        #expect(monitor.level() == nil)
        try directory.write("thermal_zone1/temp", "95000\n")
        #expect(monitor.level() == .serious)
    }
}
