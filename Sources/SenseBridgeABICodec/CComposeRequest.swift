import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// An `sb_compose_request` and everything it points at, owned together for as long as
/// the call (or a loop of calls) needs it.
public final class CComposeRequest {
    public let pointer: UnsafeMutablePointer<sb_compose_request>
    public let records: [PerceptionRecord]
    public let locale: String
    private let cRecords: CRecordArray
    private let localePointer: UnsafeMutablePointer<CChar>

    public init(_ records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                deadline: UInt64, rawKinds: [sb_record_kind]? = nil) {
        self.records = records
        self.locale = locale
        cRecords = CRecordArray(records, rawKinds: rawKinds)
        localePointer = strdup(locale)!
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: sb_compose_request(
            struct_size: UInt32(MemoryLayout<sb_compose_request>.size), records: cRecords.pointer,
            record_count: records.count, locale: localePointer, max_words: UInt32(clamping: maximumWords),
            max_labels: UInt32(clamping: maximumLabels), deadline_ns: deadline))
    }

    public var count: Int { records.count }
    public var maximumWords: Int { Int(pointer.pointee.max_words) }
    public var maximumLabels: Int { Int(pointer.pointee.max_labels) }

    /// The request as a plugin reads it.
    public static func decode(_ c: sb_compose_request) -> Result<(records: [PerceptionRecord], locale: String?), RecordCodec.Problem> {
        decode(c, checkpoint: {})
    }

    /// The same, with `checkpoint` as in `RecordCodec.decodeAll`.
    public static func decode<E: Error>(_ c: sb_compose_request, checkpoint: () throws(E) -> Void) throws(E)
        -> Result<(records: [PerceptionRecord], locale: String?), RecordCodec.Problem> {
        try RecordCodec.decodeAll(c.records, count: c.record_count, checkpoint: checkpoint).map { ($0, ABIString.decode(c.locale)) }
    }

    deinit {
        pointer.deallocate()
        free(localePointer)
    }
}
