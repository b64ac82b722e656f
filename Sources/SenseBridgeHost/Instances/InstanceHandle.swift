import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// One created plugin instance: the `void *self`, the host services it borrows, and
/// the destroy call that must run exactly once.
/// Unchecked Sendable: every field is `let`; calls through `pointer` follow the thread rules sensebridge.h states per function.
final class InstanceHandle: @unchecked Sendable {
    let plugin: LoadedPlugin
    let pointer: UnsafeMutableRawPointer
    private let services: HostServicesTable
    private let destroy: (UnsafeMutableRawPointer) -> Void

    init(plugin: LoadedPlugin, configJSON: String, log: HostLog,
         create: (UnsafePointer<sb_host_services>, String, UnsafeMutablePointer<sb_error>) -> UnsafeMutableRawPointer?,
         destroy: @escaping (UnsafeMutableRawPointer) -> Void) throws {
        let services = HostServicesTable(pluginID: plugin.id, log: log, configJSON: configJSON)
        var error = sb_error()
        guard let pointer = create(services.pointer, configJSON, &error) else {
            let failure = PluginCallError(pluginID: plugin.id, status: error.code == SB_OK ? SB_ERR_INTERNAL : error.code, error: error)
            if error.code == SB_OK, failure.message.contains("without saying why") {
                throw PluginCallError(pluginID: plugin.id, status: SB_ERR_INTERNAL, error: Self.message(
                    "create returned no instance and no error message (a bug in the plugin)"))
            }
            throw failure
        }
        self.plugin = plugin
        self.pointer = pointer
        self.services = services
        self.destroy = destroy
    }

    deinit { destroy(pointer) }

    /// Keeps this instance (and so the plugin's own) alive until the process ends: a
    /// call that never returned may still be running inside it, so it is never destroyed.
    func leak() { Self.retired.withLock { $0.append(self) } }

    /// The instances `leak()` keeps. A list, not an unbalanced retain, so what is kept on
    /// purpose stays reachable and LeakSanitizer (`make sanitize`) does not report it.
    private static let retired = Locked<[InstanceHandle]>([])

    /// Runs one call with a fresh host-owned error; a failure status becomes a thrown error.
    func call(_ body: (UnsafeMutablePointer<sb_error>) -> sb_status) throws {
        var error = sb_error()
        let status = body(&error)
        guard status == SB_OK else { throw PluginCallError(pluginID: plugin.id, status: status, error: error) }
    }

    static func message(_ text: String) -> sb_error {
        var error = sb_error()
        error.code = SB_ERR_INTERNAL
        withUnsafeMutableBytes(of: &error.message) { raw in
            let bytes = Array(text.utf8.prefix(Int(SB_ERROR_MESSAGE_CAPACITY) - 1))
            raw.copyBytes(from: bytes)
        }
        return error
    }
}
