import CSenseBridgeABI
import Foundation

/// A check that found the plugin at fault; `reason` is the line the user reads.
struct CheckFailure: Error, CustomStringConvertible {
    var reason: String
    init(_ reason: String) { self.reason = reason }
    var description: String { reason }
}

/// The kind's function table read straight from the library, so the harness calls
/// exactly what a host would and sees exactly what comes back.
enum RawTables {
    typealias Create = @convention(c) (UnsafePointer<sb_host_services>?, UnsafePointer<CChar>?, UnsafeMutablePointer<sb_error>?) -> UnsafeMutableRawPointer?
    typealias Destroy = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The table's NULL functions by name; every function of ABI 1.0 is required.
    static func missingFunctions(_ plugin: LoadedPlugin) -> [String] {
        let interface = plugin.interface
        var missing: [String] = []
        func need(_ name: String, _ present: Bool) { if !present { missing.append(name) } }
        switch plugin.kind {
        case .renderTarget:
            let t = interface.load(as: sb_render_target.self)
            need("create", t.create != nil); need("destroy", t.destroy != nil)
            need("render", t.render != nil); need("interrupt", t.interrupt != nil)
        case .sceneComposer:
            let t = interface.load(as: sb_scene_composer.self)
            need("create", t.create != nil); need("destroy", t.destroy != nil)
            need("compose", t.compose != nil); need("cancel", t.cancel != nil)
        case .sensingSource:
            let t = interface.load(as: sb_sensing_source.self)
            need("create", t.create != nil); need("destroy", t.destroy != nil)
            need("start", t.start != nil); need("next_frame", t.next_frame != nil); need("stop", t.stop != nil)
        }
        return missing
    }

    static func factory(_ plugin: LoadedPlugin) throws -> (create: Create, destroy: Destroy) {
        let missing = missingFunctions(plugin)
        guard missing.isEmpty else { throw CheckFailure("the \(plugin.kind.rawValue) table has NULL \(missing.joined(separator: ", "))") }
        switch plugin.kind {
        case .renderTarget:
            let t = plugin.interface.load(as: sb_render_target.self)
            return (t.create!, t.destroy!)
        case .sceneComposer:
            let t = plugin.interface.load(as: sb_scene_composer.self)
            return (t.create!, t.destroy!)
        case .sensingSource:
            let t = plugin.interface.load(as: sb_sensing_source.self)
            return (t.create!, t.destroy!)
        }
    }
}

/// Creates and destroys instances of any kind, on the calling thread (the
/// checks call it from the child's main thread, as `[main-thread]` requires).
struct RawFactory {
    let plugin: LoadedPlugin
    let create: RawTables.Create
    let destroy: RawTables.Destroy
    let services: HostServicesTable

    init(_ plugin: LoadedPlugin, services: HostServicesTable) throws {
        self.plugin = plugin
        (create, destroy) = try RawTables.factory(plugin)
        self.services = services
    }

    /// The instance, or nil with `error` filled as the plugin left it.
    func make(config: String, error: ErrorSlot) -> UnsafeMutableRawPointer? {
        error.reset()
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
