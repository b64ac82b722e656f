import Testing
import SenseBridgeHost

/// `SENSEBRIDGE_LOG` names a level in any case; unset or empty is the default; anything
/// else names none (nil), which the CLI warns about once and logs at the default.
@Suite struct HostLogLevelTests {
    @Test func eachLevelIsNamedInAnyCase() {
        for level in HostLog.Level.allCases {
            #expect(HostLog.threshold(named: level.name) == level)
            #expect(HostLog.threshold(named: level.name.uppercased()) == level)
        }
    }

    @Test func unsetOrEmptyIsTheDefault() {
        #expect(HostLog.threshold(named: nil) == HostLog.defaultThreshold)
        #expect(HostLog.threshold(named: "") == HostLog.defaultThreshold)
        #expect(HostLog.defaultThreshold == .warning)
    }

    @Test(arguments: ["verbose", "warn", "trace", " debug", "3"])
    func anythingElseNamesNoLevel(_ value: String) {
        #expect(HostLog.threshold(named: value) == nil)
    }
}
