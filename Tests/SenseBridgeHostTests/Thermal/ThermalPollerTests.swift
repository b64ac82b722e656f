import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

@Suite struct ThermalPollerTests {
    /// Polled: the zones are read on the timer's thread, and `read()` answers with the
    /// latest reading without reading itself (it is called on the depth loop).
    @Test func aPolledPollerAnswersFromItsBackgroundReads() throws {
        let directory = try TemporaryDirectory("thermal")
        _ = try directory.write("thermal_zone0/temp", "95000\n")
        let poller = ThermalPoller.polled(SysfsThermalMonitor(root: directory.url.path))
        defer { poller.cancel() }
        // The first read is scheduled at once; wait for it with a deadline, not a guess.
        let deadline = Date(timeIntervalSinceNow: 10)
        while poller.read() == nil, Date() < deadline { usleep(10_000) }
        #expect(poller.read() == .serious, "95 °C is past the 90 °C fallback for a zone without trip points")
        // Cancelled, it keeps its last answer and reads nothing more, even if the zone cools.
        poller.cancel()
        _ = try directory.write("thermal_zone0/temp", "40000\n")
        #expect(poller.read() == .serious)
    }

    @Test func aDirectPollerReadsOnEveryCall() throws {
        let directory = try TemporaryDirectory("thermal")
        _ = try directory.write("thermal_zone0/temp", "40000\n")
        let poller = ThermalPoller.direct(SysfsThermalMonitor(root: directory.url.path))
        #expect(poller.read() == .nominal)
        _ = try directory.write("thermal_zone0/temp", "101000\n")
        #expect(poller.read() == .critical)
        #expect(ThermalPoller.direct(SysfsThermalMonitor(root: directory.file("absent").path)).read() == nil)
    }
}
