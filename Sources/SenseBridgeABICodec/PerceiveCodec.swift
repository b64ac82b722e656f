import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// An `sb_perceive_request` and the image and locale it points at, owned together for
/// as long as the call needs them (the host's side of a perceive call).
public final class CPerceiveRequest {
    public let pointer: UnsafeMutablePointer<sb_perceive_request>
    public let image: ImageFrame
    private let arena = CArena()

    public init(image: ImageFrame, timestampNanoseconds: UInt64, locale: String, deadline: UInt64) {
        self.image = image
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: sb_perceive_request(
            struct_size: UInt32(MemoryLayout<sb_perceive_request>.size),
            image: ImageCodec.encode(image, into: arena), timestamp_ns: timestampNanoseconds,
            locale: arena.string(locale), deadline_ns: deadline))
    }

    deinit { pointer.deallocate() }
}

/// `sb_perceive_request` and `sb_perceive_result` <-> Swift.
public enum PerceiveCodec {
    /// The request as a plugin reads it: the image copied out, the locale if it is UTF-8.
    public static func decodeRequest(_ c: sb_perceive_request)
        -> Result<(image: ImageFrame, timestampNanoseconds: UInt64, locale: String?, deadline: UInt64), FrameCodec.Problem> {
        guard c.struct_size >= UInt32(MemoryLayout<sb_perceive_request>.size) else {
            return .failure(.init(reason: "the request's struct_size \(c.struct_size) is smaller than the 1.4 sb_perceive_request"))
        }
        guard let image = c.image else { return .failure(.init(reason: "the request's image is NULL")) }
        return ImageCodec.decode(image.pointee).map { ($0, c.timestamp_ns, ABIString.decode(c.locale), c.deadline_ns) }
    }

    /// Fills a host-owned result with records the plugin keeps in `arena` until its next call.
    public static func encodeResult(_ records: [PerceptionRecord], into arena: CArena,
                                    result: UnsafeMutablePointer<sb_perceive_result>) {
        let array = CRecordArray(records)
        arena.keep(array)
        result.pointee.records = array.pointer
        result.pointee.record_count = records.count
    }

    /// The records a plugin returned, copied out of its memory, or the first reason to
    /// refuse the whole result: more than SB_PERCEIVE_MAX_RECORDS, or a label longer than
    /// SB_PERCEIVE_MAX_LABEL_BYTES (measured without reading past the cap, so a label with
    /// no NUL costs the host 4 KiB, not a walk through the plugin's memory).
    public static func decodeResult(_ c: sb_perceive_result) -> Result<[PerceptionRecord], RecordCodec.Problem> {
        let count = c.record_count
        guard count <= ABICodec.maximumPerceivedRecords else {
            return .failure(RecordCodec.Problem(index: count, reason: "is beyond the limit of \(ABICodec.maximumPerceivedRecords) records"))
        }
        if let records = c.records {
            for index in 0..<count {
                guard let label = records[index].label else { continue }  // decodeAll names a NULL label.
                if strnlen(label, ABICodec.maximumPerceivedLabelBytes + 1) > ABICodec.maximumPerceivedLabelBytes {
                    return .failure(RecordCodec.Problem(index: index, reason: "has a label longer than \(ABICodec.maximumPerceivedLabelBytes) bytes"))
                }
            }
        }
        return RecordCodec.decodeAll(c.records, count: count, limit: ABICodec.maximumPerceivedRecords)
    }
}
