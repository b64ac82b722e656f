import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// An `sb_perceive_request` and the picture or sound and locale it points at, owned
/// together for as long as the call needs them (the host's side of a perceive call).
public final class CPerceiveRequest {
    public let pointer: UnsafeMutablePointer<sb_perceive_request>
    public let input: PerceptionInput
    private let arena = CArena()

    public init(input: PerceptionInput, timestampNanoseconds: UInt64, locale: String, deadline: UInt64) {
        self.input = input
        var request = sb_perceive_request()
        request.struct_size = UInt32(MemoryLayout<sb_perceive_request>.size)
        switch input {
        case .image(let image): request.image = ImageCodec.encode(image, into: arena)
        case .audio(let block): request.audio = AudioCodec.encode(block, into: arena)
        }
        request.timestamp_ns = timestampNanoseconds
        request.locale = arena.string(locale)
        request.deadline_ns = deadline
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: request)
    }

    public convenience init(image: ImageFrame, timestampNanoseconds: UInt64, locale: String, deadline: UInt64) {
        self.init(input: .image(image), timestampNanoseconds: timestampNanoseconds, locale: locale, deadline: deadline)
    }

    deinit { pointer.deallocate() }
}

/// `sb_perceive_request` and `sb_perceive_result` <-> Swift.
public enum PerceiveCodec {
    /// Every 1.4 field of `sb_perceive_request` ends at `deadline_ns`; 1.6 appended `audio`.
    public static let version14RequestSize = MemoryLayout<sb_perceive_request>.offset(of: \sb_perceive_request.audio)!

    /// The request at `pointer`, read no further than its `struct_size`: a host before 1.6
    /// passed a request that ends before `audio`, and the bytes after it are not ours.
    public static func decodeRequest(at pointer: UnsafePointer<sb_perceive_request>)
        -> Result<(input: PerceptionInput, timestampNanoseconds: UInt64, locale: String?, deadline: UInt64), FrameCodec.Problem> {
        let size = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        var copy = sb_perceive_request()
        withUnsafeMutableBytes(of: &copy) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: min(size, bytes.count)))
        }
        copy.struct_size = UInt32(size)
        return decodeRequest(copy)
    }

    /// The request as a plugin reads it: the picture or the sound copied out, the locale
    /// if it is UTF-8. A request from a host before 1.6 ends before `audio` and is read
    /// as the picture it always carried.
    public static func decodeRequest(_ c: sb_perceive_request)
        -> Result<(input: PerceptionInput, timestampNanoseconds: UInt64, locale: String?, deadline: UInt64), FrameCodec.Problem> {
        guard Int(c.struct_size) >= version14RequestSize else {
            return .failure(.init(reason: "the request's struct_size \(c.struct_size) is smaller than the 1.4 sb_perceive_request"))
        }
        let audio = Int(c.struct_size) >= MemoryLayout<sb_perceive_request>.size ? c.audio : nil
        let input: Result<PerceptionInput, FrameCodec.Problem>
        switch (c.image, audio) {
        case (let image?, nil): input = ImageCodec.decode(image.pointee).map(PerceptionInput.image)
        case (nil, let block?): input = AudioCodec.decode(block.pointee).map(PerceptionInput.audio)
        case (nil, nil): return .failure(.init(reason: "the request's image and audio are both NULL"))
        case (_?, _?): return .failure(.init(reason: "the request carries both an image and audio"))
        }
        return input.map { ($0, c.timestamp_ns, ABIString.decode(c.locale), c.deadline_ns) }
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
