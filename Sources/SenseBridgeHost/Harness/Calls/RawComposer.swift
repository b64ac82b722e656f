import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// One scene-composer instance driven through its C table.
final class RawComposer {
    private let table: sb_scene_composer
    private let factory: RawFactory
    let instance: UnsafeMutableRawPointer
    private var destroyed = false

    init(_ context: CheckContext, config: String? = nil) throws {
        let plugin = try context.plugin()
        factory = try RawFactory(plugin, services: context.services)
        table = plugin.interface.load(as: sb_scene_composer.self)
        instance = try factory.makeOrFail(config: config ?? context.defaultConfigJSON(), what: "create with \(context.configName)")
    }

    /// Composes and copies the phrases out before the next call, as the memory rule requires.
    func compose(_ request: RecordsBuffer, deadline: UInt64, error: ErrorSlot) -> (sb_status, PhraseCopy) {
        error.reset()
        request.pointer.pointee.deadline_ns = deadline
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        let status = table.compose!(instance, request.pointer, &result, error.pointer)
        guard status == SB_OK else { return (status, PhraseCopy()) }
        return (status, PhraseCopy(result, recordCount: request.count))
    }

    /// Composes without copying phrases; for loops that measure the plugin's memory.
    func composeDiscarding(_ request: RecordsBuffer, deadline: UInt64, error: ErrorSlot) -> sb_status {
        error.reset()
        request.pointer.pointee.deadline_ns = deadline
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        return table.compose!(instance, request.pointer, &result, error.pointer)
    }

    /// [any-thread]
    func cancel() { table.cancel!(instance) }

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        factory.destroy(instance)
    }
}

/// A composer's phrase as it arrived, before any judgement of its words.
public struct HarnessPhrase: Equatable, Sendable {
    public var stream: PerceptionStream
    public var text: String
    public var recordIndices: [Int]

    public init(stream: PerceptionStream, text: String, recordIndices: [Int]) {
        self.stream = stream
        self.text = text
        self.recordIndices = recordIndices
    }
}

/// The phrases of one result, and what was wrong with the result's shape.
struct PhraseCopy {
    var phrases: [HarnessPhrase] = []
    var problems: [String] = []

    init() {}

    init(_ result: sb_compose_result, recordCount: Int) {
        let limit = 1024
        guard result.phrase_count <= limit else {
            problems.append("phrase_count is \(result.phrase_count), more than any request could need")
            return
        }
        guard result.phrase_count == 0 || result.phrases != nil else {
            problems.append("phrases is NULL with phrase_count \(result.phrase_count)")
            return
        }
        for index in 0..<result.phrase_count {
            let c = result.phrases![index]
            guard let stream = PerceptionStream(rawValue: Int(c.stream)) else {
                problems.append("phrase \(index) has unknown stream \(c.stream)")
                continue
            }
            guard let textPointer = c.text else {
                problems.append("phrase \(index) has NULL text")
                continue
            }
            guard let text = String(validatingCString: textPointer) else {
                problems.append("phrase \(index)'s text is not valid UTF-8")
                continue
            }
            guard c.record_index_count <= 4096, c.record_index_count == 0 || c.record_indices != nil else {
                problems.append("phrase \(index) has \(c.record_index_count) record indices at \(c.record_indices == nil ? "NULL" : "an address")")
                continue
            }
            let indices = (0..<c.record_index_count).map { Int(c.record_indices![$0]) }
            if let bad = indices.first(where: { $0 >= recordCount }) {
                problems.append("phrase \(index) names record \(bad) of a request with \(recordCount)")
                continue
            }
            phrases.append(HarnessPhrase(stream: stream, text: text, recordIndices: indices))
        }
    }
}

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
