import CSenseBridgeABI
import Testing
import SenseBridgePluginKit

/// `hostABIVersion` reads the 1.1 fields only when the host's `struct_size` covers them.
@Suite struct HostServicesVersionTests {
    func version(structSize: Int) -> (major: UInt32, minor: UInt32)? {
        let table = sb_host_services(struct_size: UInt32(structSize), host_data: nil, monotonic_ns: nil, log_event: nil,
                                     abi_major: 1, abi_minor: 7, config_entries: nil, config_entry_count: 0)
        return withUnsafePointer(to: table) { HostServices($0).hostABIVersion }
    }

    @Test func aTableThatHoldsTheFieldsGivesTheHostsVersion() {
        let full = version(structSize: MemoryLayout<sb_host_services>.size)
        #expect(full?.major == 1 && full?.minor == 7)
    }

    @Test func aTableFromA10HostHasNoVersion() {
        let endOf10 = MemoryLayout<sb_host_services>.offset(of: \sb_host_services.abi_major)!
        #expect(endOf10 == 32)
        #expect(version(structSize: endOf10) == nil)
        let endOf11 = MemoryLayout<sb_host_services>.offset(of: \sb_host_services.abi_minor)! + MemoryLayout<UInt32>.size
        #expect(version(structSize: endOf11 - 1) == nil, "abi_minor must be wholly inside")
        #expect(version(structSize: endOf11)?.minor == 7, "a 1.1 host's table ends right after abi_minor")
        #expect(HostServices(nil).hostABIVersion == nil)
    }
}
