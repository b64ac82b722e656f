import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// The checks a loaded descriptor must pass; each failure names what disagreed.
enum DescriptorCheck {
    /// ABI 1.0's descriptor ends with `get_interface`; a shorter struct cannot be read.
    static let minimumDescriptorSize = UInt32(MemoryLayout<sb_plugin_descriptor>.size)

    static func minimumVTableSize(_ kind: PluginKind) -> UInt32 {
        switch kind {
        case .sensingSource: return UInt32(MemoryLayout<sb_sensing_source>.size)
        case .sceneComposer: return UInt32(MemoryLayout<sb_scene_composer>.size)
        case .renderTarget: return UInt32(MemoryLayout<sb_render_target>.size)
        case .perceiver: return UInt32(MemoryLayout<sb_perceiver>.size)
        }
    }

    static func check(_ descriptor: UnsafePointer<sb_plugin_descriptor>, against manifest: PluginManifest,
                      fail: (PluginProblem.Reason) -> PluginProblem) throws {
        // Only the first three fields may be read before the size is known.
        let header = UnsafeRawPointer(descriptor)
        let major = header.load(as: UInt32.self)
        let minor = header.load(fromByteOffset: 4, as: UInt32.self)
        let size = header.load(fromByteOffset: 8, as: UInt32.self)
        guard major == SB_ABI_MAJOR else { throw fail(.abiMajorMismatch(plugin: major, host: SB_ABI_MAJOR)) }
        guard minor <= SB_ABI_MINOR else { throw fail(.abiMinorNewer(plugin: minor, host: SB_ABI_MINOR)) }
        guard size >= minimumDescriptorSize else {
            throw fail(.descriptorInvalid("struct_size is \(size) bytes; ABI 1.0 needs at least \(minimumDescriptorSize)"))
        }
        let d = descriptor.pointee
        guard let kind = PluginKind(abiValue: d.kind) else {
            throw fail(.descriptorInvalid("kind \(d.kind) is not a known plugin kind"))
        }
        guard kind == manifest.kind else {
            throw fail(.descriptorMismatch("the manifest says \(manifest.kind.rawValue), the library says \(kind.rawValue)"))
        }
        guard let idPointer = d.id, let id = String(validatingCString: idPointer) else {
            throw fail(.descriptorInvalid("id is missing or not UTF-8"))
        }
        guard id == manifest.id else {
            throw fail(.descriptorMismatch("the manifest's id is \(manifest.id), the library's is \(id)"))
        }
        guard d.version != nil, d.get_interface != nil else {
            throw fail(.descriptorInvalid("version or get_interface is NULL"))
        }
        let runtime = d.runtime.flatMap { String(validatingCString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        guard runtime == manifest.runtime else {
            throw fail(.runtimeMismatch(plugin: runtime, host: manifest.runtime ?? "none (the manifest declares C)"))
        }
        if let runtime, runtime != SwiftRuntime.current {
            throw fail(.runtimeMismatch(plugin: runtime, host: SwiftRuntime.current))
        }
    }
}
