import Testing
@testable import SenseBridgeHost

/// Session time comes from a source's timestamps, a plugin's numbers. A source with a
/// broken clock stamping frames near UInt64.max made `time + narration interval` overflow
/// (a trap) on a device whose uptime was shorter than the interval, as a wearable that
/// starts walking at boot has: session time is held at about 285 years.
@Suite struct AwarenessSessionTimeTests {
    @Test(arguments: [AwarenessSession.Clock.monotonic, .recording])
    func aTimestampAtTheEndOfTimeLeavesRoomForTheSchedule(_ clock: AwarenessSession.Clock) {
        let time = AwarenessSession.sessionNanoseconds(of: .max, origin: 20_000_000_000, clock: clock, latest: 0)
        #expect(time == AwarenessSession.sessionTimeCeilingNanoseconds)
        // The largest step the walk adds: 600 s of narration interval at the slowest thermal pace.
        let (_, overflow) = time.addingReportingOverflow(AwarenessSession.nanoseconds(600) * 4)
        #expect(!overflow)
    }

    @Test func ordinaryTimesAreKept() {
        #expect(AwarenessSession.sessionNanoseconds(of: 7_500_000_000, origin: 2_500_000_000, clock: .monotonic, latest: 0) == 5_000_000_000)
        #expect(AwarenessSession.sessionNanoseconds(of: 1_000, origin: 2_000, clock: .monotonic, latest: 42) == 42)
        #expect(AwarenessSession.sessionNanoseconds(of: 6_850_000_000, origin: 9, clock: .recording, latest: 0) == 6_850_000_000)
        #expect(AwarenessSession.nanoseconds(.infinity) == AwarenessSession.sessionTimeCeilingNanoseconds)
        #expect(AwarenessSession.nanoseconds(.nan) == 0 && AwarenessSession.nanoseconds(-3) == 0)
    }
}
