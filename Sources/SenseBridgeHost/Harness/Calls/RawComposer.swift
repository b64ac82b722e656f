import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// One scene-composer instance driven through its C table.
final class RawComposer {
    private let table: sb_scene_composer
    private let factory: RawFactory
    let instance: UnsafeMutableRawPointer
    private var destroyed = false

    init(_ context: CheckContext, config: String? = nil) throws {
        let plugin = try context.plugin()
        factory = try RawFactory(plugin, services: context.services)
        table = plugin.interface.load(as: sb_scene_composer.self)
        instance = try factory.makeOrFail(config: config ?? context.defaultConfigJSON(), what: "create with \(context.configName)")
    }

    /// Composes and copies the phrases out before the next call, as the memory rule requires.
    func compose(_ request: RecordsBuffer, deadline: UInt64, error: ErrorSlot) -> (sb_status, PhraseCopy) {
        error.reset()
        request.pointer.pointee.deadline_ns = deadline
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        let status = table.compose!(instance, request.pointer, &result, error.pointer)
        guard status == SB_OK else { return (status, PhraseCopy()) }
        return (status, PhraseCopy(result, recordCount: request.count))
    }

    /// Composes without copying phrases; for loops that measure the plugin's memory.
    func composeDiscarding(_ request: RecordsBuffer, deadline: UInt64, error: ErrorSlot) -> sb_status {
        error.reset()
        request.pointer.pointee.deadline_ns = deadline
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        return table.compose!(instance, request.pointer, &result, error.pointer)
    }

    /// [any-thread]
    func cancel() { table.cancel!(instance) }

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        factory.destroy(instance)
    }
}
