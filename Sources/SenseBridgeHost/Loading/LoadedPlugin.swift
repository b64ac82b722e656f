import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// A plugin whose library is loaded and whose descriptor agrees with its manifest.
/// Unchecked Sendable: every field is `let`; the descriptor and interface are the plugin's static tables, never written.
public final class LoadedPlugin: @unchecked Sendable {
    public let manifest: PluginManifest
    package let descriptor: UnsafePointer<sb_plugin_descriptor>
    package let interface: UnsafeRawPointer

    init(manifest: PluginManifest, descriptor: UnsafePointer<sb_plugin_descriptor>, interface: UnsafeRawPointer) {
        self.manifest = manifest
        self.descriptor = descriptor
        self.interface = interface
    }

    public var id: String { manifest.id }
    public var kind: PluginKind { manifest.kind }
    public var version: String { String(cString: descriptor.pointee.version) }

    /// An optional extension by id; nil when the plugin does not provide it.
    public func extensionInterface(_ id: String) -> UnsafeRawPointer? {
        guard let lookup = descriptor.pointee.get_interface else { return nil }
        return lookup(id)
    }

    /// Loads the manifest's library and checks its descriptor.
    ///
    /// What the manifest promised is checked again against what the library says,
    /// because the two are separate files and a stale `.so` beside a new manifest is
    /// exactly the mismatch that would otherwise crash mid-walk.
    public static func load(_ manifest: PluginManifest) throws -> LoadedPlugin {
        let path = manifest.manifestURL.path
        func fail(_ reason: PluginProblem.Reason) -> PluginProblem { PluginProblem(path: path, reason: reason) }
        try LibraryPathCheck.check(manifest)

        let loader = LibraryLoader.shared
        let handle: OpaquePointer
        do {
            handle = try loader.open(manifest.libraryURL.path)
        } catch LibraryLoader.Failure.open(let why) {
            throw fail(.loadFailed(why))
        }
        let address: UnsafeMutableRawPointer
        do {
            address = try loader.symbol(manifest.entrySymbol, in: handle)
        } catch LibraryLoader.Failure.symbol(let why) {
            throw fail(.entrySymbolMissing(manifest.entrySymbol, why))
        }
        let entry = unsafeBitCast(address, to: sb_plugin_entry_fn.self)
        guard let descriptor = entry() else { throw fail(.descriptorInvalid("the entry symbol returned NULL")) }
        try DescriptorCheck.check(descriptor, against: manifest, fail: fail)
        guard let interface = descriptor.pointee.get_interface?(manifest.kind.interfaceID) else {
            throw fail(.interfaceMissing(manifest.kind.interfaceID))
        }
        let size = interface.load(as: UInt32.self)
        let needed = DescriptorCheck.minimumVTableSize(manifest.kind)
        guard size >= needed else {
            throw fail(.descriptorInvalid("the \(manifest.kind.rawValue) table is \(size) bytes; ABI 1.0 needs at least \(needed)"))
        }
        return LoadedPlugin(manifest: manifest, descriptor: descriptor, interface: interface)
    }
}
