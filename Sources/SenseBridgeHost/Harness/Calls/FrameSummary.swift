import CSenseBridgeABI
import Foundation

/// What the checks need of a frame, read before the next call frees it, and what
/// was wrong with its shape.
struct FrameSummary {
    var timestamp: UInt64
    var runID: UInt64
    var problem: String?

    init(_ c: sb_frame) {
        timestamp = c.timestamp_ns
        runID = c.run_id
        switch c.kind {
        case SB_FRAME_DEPTH:
            let map = c.depth
            if map.width == 0 || map.height == 0 || map.width > 8192 || map.height > 8192 {
                problem = "a depth frame is \(map.width)x\(map.height)"
            } else if UInt64(map.row_stride) < UInt64(map.width) * 4 {
                problem = "a depth frame's row_stride \(map.row_stride) is less than width x 4"
            } else if map.metres == nil {
                problem = "a depth frame's metres is NULL"
            } else {
                // Touch the first and last sample: a bad pointer crashes here, inside the check that read it.
                let raw = UnsafeRawPointer(map.metres!)
                _ = raw.load(as: Float.self)
                _ = raw.load(fromByteOffset: Int(map.row_stride) * Int(map.height - 1) + Int(map.width - 1) * 4, as: Float.self)
            }
        case SB_FRAME_RECORDS:
            if c.record_count > 100_000 {
                problem = "a records frame claims \(c.record_count) records"
            } else if c.record_count > 0 && c.records == nil {
                problem = "a records frame's records is NULL with record_count \(c.record_count)"
            } else {
                for index in 0..<c.record_count {
                    let record = c.records![index]
                    if RecordKindC.kind(record.kind) == nil {
                        problem = "record \(index) has unknown kind \(record.kind)"
                        break
                    }
                    guard let label = record.label, String(validatingCString: label) != nil else {
                        problem = "record \(index)'s label is NULL or not UTF-8"
                        break
                    }
                }
            }
        default:
            problem = "frame kind \(c.kind) is not SB_FRAME_DEPTH or SB_FRAME_RECORDS"
        }
    }
}
