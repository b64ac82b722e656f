import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

typealias CreateThunk = @convention(c) (
    UnsafePointer<sb_host_services>?, UnsafePointer<CChar>?, UnsafeMutablePointer<sb_error>?
) -> UnsafeMutableRawPointer?
typealias InterfaceThunk = @convention(c) (UnsafePointer<CChar>?) -> UnsafeRawPointer?
typealias TestCountThunk = @convention(c) () -> UInt32
typealias TestNameThunk = @convention(c) (UInt32) -> UnsafePointer<CChar>?
typealias TestRunThunk = @convention(c) (UInt32, UnsafePointer<sb_host_services>?, UnsafeMutablePointer<sb_error>?) -> sb_status

/// The per-slot C entry points. Each closure below is context-free, as a C function
/// pointer must be, and differs from its neighbours only in the slot it names.
enum SlotThunks {
    static let create: [CreateThunk] = [
        { SlotThunks.createInstance(slot: 0, $0, $1, $2) }, { SlotThunks.createInstance(slot: 1, $0, $1, $2) },
        { SlotThunks.createInstance(slot: 2, $0, $1, $2) }, { SlotThunks.createInstance(slot: 3, $0, $1, $2) },
        { SlotThunks.createInstance(slot: 4, $0, $1, $2) }, { SlotThunks.createInstance(slot: 5, $0, $1, $2) },
        { SlotThunks.createInstance(slot: 6, $0, $1, $2) }, { SlotThunks.createInstance(slot: 7, $0, $1, $2) },
        { SlotThunks.createInstance(slot: 8, $0, $1, $2) }, { SlotThunks.createInstance(slot: 9, $0, $1, $2) },
        { SlotThunks.createInstance(slot: 10, $0, $1, $2) }, { SlotThunks.createInstance(slot: 11, $0, $1, $2) },
        { SlotThunks.createInstance(slot: 12, $0, $1, $2) }, { SlotThunks.createInstance(slot: 13, $0, $1, $2) },
        { SlotThunks.createInstance(slot: 14, $0, $1, $2) }, { SlotThunks.createInstance(slot: 15, $0, $1, $2) },
    ]
    static let getInterface: [InterfaceThunk] = [
        { SlotThunks.interface(slot: 0, $0) }, { SlotThunks.interface(slot: 1, $0) }, { SlotThunks.interface(slot: 2, $0) },
        { SlotThunks.interface(slot: 3, $0) }, { SlotThunks.interface(slot: 4, $0) }, { SlotThunks.interface(slot: 5, $0) },
        { SlotThunks.interface(slot: 6, $0) }, { SlotThunks.interface(slot: 7, $0) }, { SlotThunks.interface(slot: 8, $0) },
        { SlotThunks.interface(slot: 9, $0) }, { SlotThunks.interface(slot: 10, $0) }, { SlotThunks.interface(slot: 11, $0) },
        { SlotThunks.interface(slot: 12, $0) }, { SlotThunks.interface(slot: 13, $0) }, { SlotThunks.interface(slot: 14, $0) },
        { SlotThunks.interface(slot: 15, $0) },
    ]
    static let testCount: [TestCountThunk] = [
        { SlotThunks.testCount(slot: 0) }, { SlotThunks.testCount(slot: 1) }, { SlotThunks.testCount(slot: 2) }, { SlotThunks.testCount(slot: 3) },
        { SlotThunks.testCount(slot: 4) }, { SlotThunks.testCount(slot: 5) }, { SlotThunks.testCount(slot: 6) }, { SlotThunks.testCount(slot: 7) },
        { SlotThunks.testCount(slot: 8) }, { SlotThunks.testCount(slot: 9) }, { SlotThunks.testCount(slot: 10) }, { SlotThunks.testCount(slot: 11) },
        { SlotThunks.testCount(slot: 12) }, { SlotThunks.testCount(slot: 13) }, { SlotThunks.testCount(slot: 14) }, { SlotThunks.testCount(slot: 15) },
    ]
    static let testName: [TestNameThunk] = [
        { SlotThunks.testName(slot: 0, $0) }, { SlotThunks.testName(slot: 1, $0) }, { SlotThunks.testName(slot: 2, $0) },
        { SlotThunks.testName(slot: 3, $0) }, { SlotThunks.testName(slot: 4, $0) }, { SlotThunks.testName(slot: 5, $0) },
        { SlotThunks.testName(slot: 6, $0) }, { SlotThunks.testName(slot: 7, $0) }, { SlotThunks.testName(slot: 8, $0) },
        { SlotThunks.testName(slot: 9, $0) }, { SlotThunks.testName(slot: 10, $0) }, { SlotThunks.testName(slot: 11, $0) },
        { SlotThunks.testName(slot: 12, $0) }, { SlotThunks.testName(slot: 13, $0) }, { SlotThunks.testName(slot: 14, $0) },
        { SlotThunks.testName(slot: 15, $0) },
    ]
    static let testRun: [TestRunThunk] = [
        { SlotThunks.runTest(slot: 0, $0, $1, $2) }, { SlotThunks.runTest(slot: 1, $0, $1, $2) },
        { SlotThunks.runTest(slot: 2, $0, $1, $2) }, { SlotThunks.runTest(slot: 3, $0, $1, $2) },
        { SlotThunks.runTest(slot: 4, $0, $1, $2) }, { SlotThunks.runTest(slot: 5, $0, $1, $2) },
        { SlotThunks.runTest(slot: 6, $0, $1, $2) }, { SlotThunks.runTest(slot: 7, $0, $1, $2) },
        { SlotThunks.runTest(slot: 8, $0, $1, $2) }, { SlotThunks.runTest(slot: 9, $0, $1, $2) },
        { SlotThunks.runTest(slot: 10, $0, $1, $2) }, { SlotThunks.runTest(slot: 11, $0, $1, $2) },
        { SlotThunks.runTest(slot: 12, $0, $1, $2) }, { SlotThunks.runTest(slot: 13, $0, $1, $2) },
        { SlotThunks.runTest(slot: 14, $0, $1, $2) }, { SlotThunks.runTest(slot: 15, $0, $1, $2) },
    ]

    static func interface(slot: Int, _ id: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
        guard let slot = ExportSlots.shared.slot(slot), let id = ABIString.decode(id) else { return nil }
        if id == slot.interfaceID { return slot.interface }
        if id == SB_INTERFACE_PLUGIN_TESTS, let tests = slot.testsTable { return UnsafeRawPointer(tests) }
        return nil
    }

    static func createInstance(slot index: Int, _ host: UnsafePointer<sb_host_services>?,
                               _ configJSON: UnsafePointer<CChar>?, _ errorOut: UnsafeMutablePointer<sb_error>?) -> UnsafeMutableRawPointer? {
        guard let slot = ExportSlots.shared.slot(index) else {
            PluginError(.internal, "No plugin is exported in this slot.").write(to: errorOut)
            return nil
        }
        guard let configText = configJSON.map({ String(validatingCString: $0) }) ?? "{}" else {
            PluginError.invalidConfig("Config is not valid UTF-8.").write(to: errorOut)
            return nil
        }
        let config = PluginConfig(configText)
        do {
            _ = try config.object()  // Refuse anything but a JSON object before the plugin sees it.
            let services = HostServices(host)
            switch slot.kind {
            case .composer(let make): return ComposerBox(try make(services, config), host: services).retainedPointer()
            case .renderTarget(let make): return RenderTargetBox(try make(services, config), host: services).retainedPointer()
            case .sensingSource(let make): return SensingSourceBox(try make(services, config), host: services).retainedPointer()
            case .perceiver(let make): return PerceiverBox(.looking(try make(services, config)), host: services).retainedPointer()
            case .audioPerceiver(let make): return PerceiverBox(.listening(try make(services, config)), host: services).retainedPointer()
            }
        } catch {
            PluginError(wrapping: error).write(to: errorOut)
            return nil
        }
    }

    static func testCount(slot: Int) -> UInt32 {
        UInt32(ExportSlots.shared.slot(slot)?.selfTests.count ?? 0)
    }

    /// Names are copied once and kept: the header promises static strings.
    private static let nameCache = Locked<[String: UnsafeMutablePointer<CChar>]>([:])

    static func testName(slot: Int, _ index: UInt32) -> UnsafePointer<CChar>? {
        guard let tests = ExportSlots.shared.slot(slot)?.selfTests, Int(index) < tests.count else { return nil }
        let name = tests[Int(index)].name
        return nameCache.withLock { nameCache in
            if let cached = nameCache["\(slot)/\(name)"] { return UnsafePointer(cached) }
            let copy = strdup(name)!
            nameCache["\(slot)/\(name)"] = copy
            return UnsafePointer(copy)
        }
    }

    static func runTest(slot: Int, _ index: UInt32, _ host: UnsafePointer<sb_host_services>?,
                        _ errorOut: UnsafeMutablePointer<sb_error>?) -> sb_status {
        guard let tests = ExportSlots.shared.slot(slot)?.selfTests, Int(index) < tests.count else {
            let failure = PluginError(.invalidArgument, "No self-test has index \(index).")
            failure.write(to: errorOut)
            return failure.code.rawValue
        }
        do {
            try tests[Int(index)].run(HostServices(host))
            return SB_OK
        } catch {
            let failure = PluginError(wrapping: error)
            failure.write(to: errorOut)
            return failure.code.rawValue
        }
    }
}
