import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Runs one test the plugin ships through `SB_INTERFACE_PLUGIN_TESTS`.
enum SelfTestCheck {
    static func run(_ name: String, _ c: CheckContext) throws -> CheckReport {
        let plugin = try c.plugin()
        guard let raw = plugin.extensionInterface(SB_INTERFACE_PLUGIN_TESTS) else {
            throw CheckFailure("the plugin no longer provides \(SB_INTERFACE_PLUGIN_TESTS)")
        }
        guard case .success(let names) = CommonChecks.selfTestNames(raw), let index = names.firstIndex(of: name) else {
            throw CheckFailure("the plugin has no self-test named '\(name)'")
        }
        let table = raw.load(as: sb_plugin_tests.self)
        let error = ErrorSlot()
        c.step("the plugin's own test '\(name)'")
        let start = MonotonicClock.nanoseconds()
        let services = try c.defaultServices()
        let status = table.run!(UInt32(index), services.pointer, error.pointer)
        let elapsed = Int(ResidentMemory.seconds(since: start) * 1000)
        guard status == SB_OK else { throw CheckFailure("the plugin's own test failed with \(error.describe(status: status))") }
        return .pass("passed in \(elapsed) ms")
    }
}
