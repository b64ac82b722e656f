import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// One render-target instance driven through its C table.
final class RawRenderTarget: RawInstance<sb_render_target> {
    func render(_ message: CMessage, error: ErrorSlot) -> sb_status {
        error.reset()
        return table.render!(instance, message.pointer, error.pointer)
    }

    /// [any-thread]: safe to call while `render` runs on another thread.
    func interrupt() { table.interrupt!(instance) }
}
