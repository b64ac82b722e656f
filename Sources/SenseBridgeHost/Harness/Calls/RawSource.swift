import CSenseBridgeABI
import Foundation

/// One sensing-source instance driven through its C table.
final class RawSource {
    private let table: sb_sensing_source
    private let factory: RawFactory
    let instance: UnsafeMutableRawPointer
    private var destroyed = false

    init(_ context: CheckContext, config: String? = nil) throws {
        let plugin = try context.plugin()
        factory = try RawFactory(plugin, services: context.services)
        table = plugin.interface.load(as: sb_sensing_source.self)
        instance = try factory.makeOrFail(config: config ?? context.defaultConfigJSON(), what: "create with \(context.configName)")
    }

    func start(error: ErrorSlot) -> sb_status {
        error.reset()
        return table.start!(instance, error.pointer)
    }

    func startOrFail(_ what: String = "start") throws {
        let error = ErrorSlot()
        let status = start(error: error)
        guard status == SB_OK else { throw CheckFailure("\(what) failed with \(error.describe(status: status))") }
    }

    func next(timeoutMilliseconds: UInt32, error: ErrorSlot) -> (sb_status, FrameSummary?) {
        error.reset()
        var frame = sb_frame()
        frame.struct_size = UInt32(MemoryLayout<sb_frame>.size)
        let status = table.next_frame!(instance, timeoutMilliseconds, &frame, error.pointer)
        return (status, status == SB_OK ? FrameSummary(frame) : nil)
    }

    func stop() { table.stop!(instance) }

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        factory.destroy(instance)
    }
}
