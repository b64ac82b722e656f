import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeHost

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
        case .perceiver:
            let t = interface.load(as: sb_perceiver.self)
            need("create", t.create != nil); need("destroy", t.destroy != nil)
            need("perceive", t.perceive != nil); need("cancel", t.cancel != nil)
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
        case .perceiver:
            let t = plugin.interface.load(as: sb_perceiver.self)
            return (t.create!, t.destroy!)
        }
    }
}
