import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// One sensing-source instance driven through its C table.
final class RawSource: RawInstance<sb_sensing_source> {
    func start(error: ErrorSlot) -> sb_status {
        error.reset()
        return table.start!(instance, error.pointer)
    }

    func startOrFail(_ what: String = "start") throws {
        let error = ErrorSlot()
        let status = start(error: error)
        guard status == SB_OK else { throw CheckFailure("\(what) failed with \(error.describe(status: status))") }
    }

    func next(timeoutMilliseconds: UInt32, error: ErrorSlot) -> (sb_status, FrameSummary?) {
        error.reset()
        var frame = sb_frame()
        frame.struct_size = UInt32(MemoryLayout<sb_frame>.size)
        let status = table.next_frame!(instance, timeoutMilliseconds, &frame, error.pointer)
        return (status, status == SB_OK ? FrameSummary(frame) : nil)
    }

    func stop() { table.stop!(instance) }
}
