import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Creates and destroys instances of any kind, on the calling thread (the
/// checks call it from the child's main thread, as `[main-thread]` requires).
struct RawFactory {
    let plugin: LoadedPlugin
    let create: RawTables.Create
    let destroy: RawTables.Destroy
    private let context: CheckContext

    init(_ plugin: LoadedPlugin, context: CheckContext) throws {
        self.plugin = plugin
        (create, destroy) = try RawTables.factory(plugin)
        self.context = context
    }

    /// The instance, or nil with `error` filled as the plugin left it. The host services
    /// carry `config` as key/value entries too, as the host's do.
    func make(config: String, error: ErrorSlot) -> UnsafeMutableRawPointer? {
        error.reset()
        let services = context.services(configJSON: config)
        return config.withCString { create(services.pointer, $0, error.pointer) }
    }

    /// Creates with a config that must work, failing the check with the plugin's reason otherwise.
    func makeOrFail(config: String, what: String) throws -> UnsafeMutableRawPointer {
        let error = ErrorSlot()
        guard let instance = make(config: config, error: error) else {
            throw CheckFailure(error.code == SB_OK && error.isEmpty
                ? "\(what) returned NULL without an error code or message"
                : "\(what) failed with \(error.describe(status: error.code))")
        }
        return instance
    }
}
