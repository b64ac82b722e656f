import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeHost
import SenseBridgeCore

/// One scene-composer instance driven through its C table.
final class RawComposer: RawInstance<sb_scene_composer> {
    /// Composes and copies the phrases out before the next call, as the memory rule requires.
    func compose(_ request: CComposeRequest, deadline: UInt64, error: ErrorSlot) -> (sb_status, PhraseCopy) {
        error.reset()
        request.pointer.pointee.deadline_ns = deadline
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        let status = table.compose!(instance, request.pointer, &result, error.pointer)
        guard status == SB_OK else { return (status, PhraseCopy()) }
        return (status, PhraseCopy(result, recordCount: request.count, maximumWords: request.maximumWords))
    }

    /// Composes without copying phrases; for loops that measure the plugin's memory.
    func composeDiscarding(_ request: CComposeRequest, deadline: UInt64, error: ErrorSlot) -> sb_status {
        error.reset()
        request.pointer.pointee.deadline_ns = deadline
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        return table.compose!(instance, request.pointer, &result, error.pointer)
    }

    /// [any-thread]
    func cancel() { table.cancel!(instance) }
}
