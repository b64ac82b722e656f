import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// `sb_record` <-> `PerceptionRecord`.
public enum RecordCodec {
    /// Why a record from C was refused; names the record, never its label (which may be text the user looked at).
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var index: Int
        public var reason: String
        public var description: String { "record \(index) \(reason)" }

        public init(index: Int, reason: String) {
            self.index = index
            self.reason = reason
        }
    }

    /// The C form; `label` must outlive every use of the result (a `CRecordArray` or a `CArena` owns it).
    public static func encode(_ record: PerceptionRecord, label: UnsafePointer<CChar>, rawKind: sb_record_kind? = nil) -> sb_record {
        var flags: UInt32 = 0
        var box = sb_box()
        if let b = record.box {
            flags |= SB_RECORD_HAS_BOX
            box = sb_box(x: Float(b.x), y: Float(b.y), width: Float(b.width), height: Float(b.height))
        }
        if record.distanceMetres != nil { flags |= SB_RECORD_HAS_DISTANCE }
        return sb_record(kind: rawKind ?? record.kind.abiValue, flags: flags, label: label,
                         confidence: Float(record.confidence), box: box, distance_m: Float(record.distanceMetres ?? 0))
    }

    public static func decode(_ c: sb_record, index: Int) -> Result<PerceptionRecord, Problem> {
        guard let kind = PerceptionRecord.Kind(abiValue: c.kind) else {
            return .failure(Problem(index: index, reason: "has unknown kind \(c.kind)"))
        }
        guard let label = ABIString.decode(c.label) else {
            return .failure(Problem(index: index, reason: c.label == nil ? "has a NULL label" : "has a label that is not UTF-8"))
        }
        let box = (c.flags & SB_RECORD_HAS_BOX) != 0
            ? NormalizedBox(x: Double(c.box.x), y: Double(c.box.y), width: Double(c.box.width), height: Double(c.box.height))
            : nil
        let distance = (c.flags & SB_RECORD_HAS_DISTANCE) != 0 ? Double(c.distance_m) : nil
        return .success(PerceptionRecord(kind: kind, label: label, confidence: Double(c.confidence), box: box, distanceMetres: distance))
    }

    /// How many records are decoded between two calls of a `checkpoint`.
    public static let checkpointStride = 1024

    /// Every record of a C array, or the first problem. A count beyond `limit` is refused
    /// before anything is read: a hostile count must not become a long walk through memory.
    public static func decodeAll(_ records: UnsafePointer<sb_record>?, count: Int,
                                 limit: Int = ABICodec.maximumFrameRecords) -> Result<[PerceptionRecord], Problem> {
        decodeAll(records, count: count, limit: limit, checkpoint: {})
    }

    /// The same, calling `checkpoint` every `checkpointStride` records; it throws to stop:
    /// a plugin's cancel must not wait for a hundred thousand records to be read first.
    public static func decodeAll<E: Error>(_ records: UnsafePointer<sb_record>?, count: Int,
                                           limit: Int = ABICodec.maximumFrameRecords,
                                           checkpoint: () throws(E) -> Void) throws(E) -> Result<[PerceptionRecord], Problem> {
        guard count <= limit else { return .failure(Problem(index: count, reason: "is beyond the limit of \(limit) records")) }
        guard count == 0 || records != nil else { return .failure(Problem(index: 0, reason: "is missing: records is NULL with a count of \(count)")) }
        var decoded: [PerceptionRecord] = []
        decoded.reserveCapacity(count)
        for index in 0..<count {
            if index % checkpointStride == 0 { try checkpoint() }
            switch decode(records![index], index: index) {
            case .success(let record): decoded.append(record)
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success(decoded)
    }
}

/// Records in C form and the labels they point at, freed together.
public final class CRecordArray {
    public let count: Int
    public let pointer: UnsafePointer<sb_record>?
    private let storage: UnsafeMutablePointer<sb_record>?
    private let labels: [UnsafeMutablePointer<CChar>]

    /// `rawKinds` replaces each record's kind with a raw value, so the harness can send
    /// a kind the header does not define and see the plugin refuse it.
    public init(_ records: [PerceptionRecord], rawKinds: [sb_record_kind]? = nil) {
        count = records.count
        labels = records.map { strdup($0.label)! }
        if records.isEmpty {
            storage = nil
        } else {
            let buffer = UnsafeMutablePointer<sb_record>.allocate(capacity: records.count)
            for (index, record) in records.enumerated() {
                (buffer + index).initialize(to: RecordCodec.encode(record, label: labels[index], rawKind: rawKinds?[index]))
            }
            storage = buffer
        }
        pointer = storage.map { UnsafePointer($0) }
    }

    deinit {
        storage?.deallocate()
        labels.forEach { free($0) }
    }
}
