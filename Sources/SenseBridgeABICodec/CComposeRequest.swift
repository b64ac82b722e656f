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

    /// Every field of `sb_compose_request` is 1.0's; none has been appended since.
    public static let version10Size = MemoryLayout<sb_compose_request>.size

    /// Why a plugin refuses the request at `pointer`: a `struct_size` too small for 1.0's
    /// fields (checked before any is read), or a record it cannot read.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case structSize(StructSizeProblem)
        case record(RecordCodec.Problem)

        public var description: String {
            switch self {
            case .structSize(let problem): return "the request's \(problem)"
            case .record(let problem): return "the request's \(problem)"
            }
        }
    }

    /// The request at `pointer` as a plugin reads it, its `struct_size` checked first;
    /// `checkpoint` as in `RecordCodec.decodeAll`.
    public static func decode<E: Error>(at pointer: UnsafePointer<sb_compose_request>, checkpoint: () throws(E) -> Void) throws(E)
        -> Result<(records: [PerceptionRecord], locale: String?), Problem> {
        if let problem = StructSizeProblem.check(pointer, "sb_compose_request", minimum: version10Size) {
            return .failure(.structSize(problem))
        }
        return try decode(pointer.pointee, checkpoint: checkpoint).mapError(Problem.record)
    }

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
