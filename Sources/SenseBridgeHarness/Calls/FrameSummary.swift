import CSenseBridgeABI
import SenseBridgeABICodec

/// What the checks need of a frame, read before the next call frees it, and what
/// was wrong with its shape. The frame is decoded by the host's own codec, which
/// reads every sample: a bad pointer crashes inside the check that read it.
struct FrameSummary {
    var timestamp: UInt64
    var runID: UInt64
    var problem: String?

    init(_ c: sb_frame) {
        timestamp = c.timestamp_ns
        runID = c.run_id
        if case .failure(let failure) = FrameCodec.decode(c) { problem = failure.reason }
    }
}
