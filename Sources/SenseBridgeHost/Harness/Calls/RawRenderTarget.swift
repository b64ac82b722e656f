import CSenseBridgeABI
import Foundation

/// One render-target instance driven through its C table.
final class RawRenderTarget {
    private let table: sb_render_target
    private let factory: RawFactory
    let instance: UnsafeMutableRawPointer
    private var destroyed = false

    init(_ context: CheckContext, config: String? = nil) throws {
        let plugin = try context.plugin()
        factory = try RawFactory(plugin, services: context.services)
        table = plugin.interface.load(as: sb_render_target.self)
        instance = try factory.makeOrFail(config: config ?? context.defaultConfigJSON(), what: "create with \(context.configName)")
    }

    func render(_ message: MessageBuffer, error: ErrorSlot) -> sb_status {
        error.reset()
        return table.render!(instance, message.pointer, error.pointer)
    }

    /// [any-thread]: safe to call while `render` runs on another thread.
    func interrupt() { table.interrupt!(instance) }

    /// [main-thread]; the checks call it from the child's main thread.
    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        factory.destroy(instance)
    }
}
