import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// One instance of any kind driven through its C table: created with the check's
/// config, destroyed at most once. The kind-specific subclasses add only their calls.
class RawInstance<Table> {
    let table: Table
    private let factory: RawFactory
    let instance: UnsafeMutableRawPointer
    private var destroyed = false

    init(_ context: CheckContext, config: String? = nil) throws {
        let plugin = try context.plugin()
        factory = try RawFactory(plugin, context: context)
        table = plugin.interface.load(as: Table.self)
        instance = try factory.makeOrFail(config: config ?? context.defaultConfigJSON(), what: "create with \(context.configName)")
    }

    /// [main-thread]; the checks call it from the child's main thread.
    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        factory.destroy(instance)
    }
}
