import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// One sensing-source instance driven through its C table.
final class RawSource: RawInstance<sb_sensing_source> {
    /// The frame the host hands this source: as long as its manifest's minor knows.
    private let frameSize: Int

    override init(_ context: CheckContext, config: String? = nil) throws {
        frameSize = FrameCodec.frameSize(forSourceMinor: context.manifest.abiMinor)
        try super.init(context, config: config)
    }

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
        frame.struct_size = UInt32(frameSize)
        let status = table.next_frame!(instance, timeoutMilliseconds, &frame, error.pointer)
        // Read as the host reads it: nothing past the room handed out.
        frame.struct_size = min(frame.struct_size, UInt32(frameSize))
        return (status, status == SB_OK ? FrameSummary(frame) : nil)
    }

    func stop() { table.stop!(instance) }
}
