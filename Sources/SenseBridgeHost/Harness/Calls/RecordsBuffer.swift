import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// An `sb_compose_request` and the records it points at, allocated once per request.
final class RecordsBuffer {
    let pointer: UnsafeMutablePointer<sb_compose_request>
    let records: [PerceptionRecord]
    let locale: String
    private let cRecords: UnsafeMutablePointer<sb_record>?
    private let labels: [UnsafeMutablePointer<CChar>]
    private let localePointer: UnsafeMutablePointer<CChar>

    var count: Int { records.count }

    init(_ records: [PerceptionRecord], locale: String = "en", maximumWords: Int = 12, maximumLabels: Int = 5,
         rawKinds: [sb_record_kind]? = nil) {
        self.records = records
        self.locale = locale
        labels = records.map { strdup($0.label) }
        localePointer = strdup(locale)
        if records.isEmpty {
            cRecords = nil
        } else {
            cRecords = .allocate(capacity: records.count)
            for (index, record) in records.enumerated() {
                var flags: UInt32 = 0
                var box = sb_box()
                if let b = record.box {
                    flags |= SB_RECORD_HAS_BOX
                    box = sb_box(x: Float(b.x), y: Float(b.y), width: Float(b.width), height: Float(b.height))
                }
                if record.distanceMetres != nil { flags |= SB_RECORD_HAS_DISTANCE }
                (cRecords! + index).initialize(to: sb_record(
                    kind: rawKinds?[index] ?? RecordKindC.value(record.kind), flags: flags, label: labels[index],
                    confidence: Float(record.confidence), box: box, distance_m: Float(record.distanceMetres ?? 0)))
            }
        }
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: sb_compose_request(
            struct_size: UInt32(MemoryLayout<sb_compose_request>.size), records: cRecords, record_count: records.count,
            locale: localePointer, max_words: UInt32(maximumWords), max_labels: UInt32(maximumLabels), deadline_ns: .max))
    }

    var maximumWords: Int { Int(pointer.pointee.max_words) }
    var maximumLabels: Int { Int(pointer.pointee.max_labels) }

    deinit {
        pointer.deallocate()
        cRecords?.deallocate()
        labels.forEach { free($0) }
        free(localePointer)
    }
}
