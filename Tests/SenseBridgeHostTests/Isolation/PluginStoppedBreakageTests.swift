import Foundation
import SenseBridgeCore
import SenseBridgeProcess
import Testing
@testable import SenseBridgeHost

/// Only what a plugin's own code did is remembered broken (and refused by every later
/// session): a fault, its own exit, garbage. A stop or a kill from outside is a death,
/// said and restarted as one, never a verdict on the file; a stop signal is never said
/// as a crash.
@Suite struct PluginStoppedBreakageTests {
    func died(_ signal: Int32) -> PluginStopped {
        PluginStopped(pluginID: "org.example.p", isolated: true, cause: .died(.signalled(signal)))
    }

    @Test(arguments: [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS])
    func aFaultIsBreakageAndACrash(signal: Int32) {
        #expect(died(signal).isBreakage)
        #expect(died(signal).lossReason == .crashed)
        #expect(died(signal).code == "crashed")
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aStopSignalIsNoBreakageAndNoCrash(signal: Int32) {
        #expect(!died(signal).isBreakage)
        #expect(died(signal).lossReason == .quit)
        #expect(died(signal).code == "stopped-by-signal")
    }

    @Test func aKillFromOutsideIsADeathButNoVerdict() {
        #expect(!died(SIGKILL).isBreakage)
        #expect(died(SIGKILL).leadsToRestart)
    }

    @Test func anExitAndGarbageAreBreakage() {
        #expect(PluginStopped(pluginID: "org.example.p", isolated: true, cause: .died(.exited(3))).isBreakage)
        #expect(PluginStopped(pluginID: "org.example.p", isolated: true, cause: .protocolGarbage("x")).isBreakage)
        #expect(!PluginStopped(pluginID: "org.example.p", isolated: true, cause: .missedDeadline(seconds: 1)).isBreakage)
    }
}
