import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// A created scene composer. Its phrases are copied out before the next call,
/// because the plugin owns them only until then.
/// Unchecked Sendable: only `let`s; `compose` is [instance-thread] (single-flight in sessions), `cancel` [any-thread].
public final class SceneComposerInstance: @unchecked Sendable {
    private let handle: InstanceHandle
    private let table: sb_scene_composer

    public var plugin: LoadedPlugin { handle.plugin }

    init(plugin: LoadedPlugin, configJSON: String, log: HostLog) throws {
        let table = plugin.interface.load(as: sb_scene_composer.self)
        guard let create = table.create, let destroy = table.destroy, table.compose != nil, table.cancel != nil else {
            throw PluginProblem(path: plugin.manifest.manifestURL.path, reason: .descriptorInvalid("the scene-composer table has a NULL function"))
        }
        self.table = table
        handle = try InstanceHandle(plugin: plugin, configJSON: configJSON, log: log,
                                    create: { create($0, $1, $2) }, destroy: { destroy($0) })
    }

    /// Asks the plugin for subject phrases. A phrase whose text is not UTF-8 or whose
    /// stream is unknown is dropped here and counted in `malformed`; the narrator
    /// judges the rest.
    public func compose(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                        deadline: UInt64) throws -> (phrases: [SubjectPhrase], malformed: Int) {
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { strings.forEach { free($0) } }
        let cRecords = records.map { record -> sb_record in
            let label = strdup(record.label)!
            strings.append(label)
            var flags: UInt32 = 0
            var box = sb_box()
            if let b = record.box {
                flags |= SB_RECORD_HAS_BOX
                box = sb_box(x: Float(b.x), y: Float(b.y), width: Float(b.width), height: Float(b.height))
            }
            if record.distanceMetres != nil { flags |= SB_RECORD_HAS_DISTANCE }
            return sb_record(kind: RecordKindC.value(record.kind), flags: flags, label: label,
                             confidence: Float(record.confidence), box: box, distance_m: Float(record.distanceMetres ?? 0))
        }
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        try cRecords.withUnsafeBufferPointer { buffer in
            try locale.withCString { localeC in
                var request = sb_compose_request(
                    struct_size: UInt32(MemoryLayout<sb_compose_request>.size), records: buffer.baseAddress,
                    record_count: buffer.count, locale: localeC, max_words: UInt32(clamping: maximumWords),
                    max_labels: UInt32(clamping: maximumLabels), deadline_ns: deadline)
                try handle.call { table.compose(handle.pointer, &request, &result, $0) }
            }
        }
        var phrases: [SubjectPhrase] = []
        var malformed = 0
        // A hostile plugin can claim any count; never read more than a sane bound.
        let count = min(result.phrase_count, 1024)
        if result.phrase_count > count { malformed += 1 }
        for index in 0..<count {
            guard let base = result.phrases else { malformed += 1; break }
            let phrase = base[index]
            guard let stream = PerceptionStream(rawValue: Int(phrase.stream)),
                  let text = phrase.text.flatMap({ String(validatingCString: $0) }) else {
                malformed += 1
                continue
            }
            let indexCount = min(phrase.record_index_count, 4096)
            let indices = (0..<indexCount).compactMap { i in phrase.record_indices.map { Int($0[i]) } }
            phrases.append(SubjectPhrase(stream: stream, text: text, recordIndices: indices))
        }
        return (phrases, malformed)
    }

    /// Safe from any thread, as the header promises.
    public func cancel() {
        table.cancel(handle.pointer)
    }
}

enum RecordKindC {
    static func value(_ kind: PerceptionRecord.Kind) -> sb_record_kind {
        switch kind {
        case .object: return SB_RECORD_OBJECT
        case .text: return SB_RECORD_TEXT
        case .sound: return SB_RECORD_SOUND
        case .depth: return SB_RECORD_DEPTH
        }
    }

    static func kind(_ value: sb_record_kind) -> PerceptionRecord.Kind? {
        switch value {
        case SB_RECORD_OBJECT: return .object
        case SB_RECORD_TEXT: return .text
        case SB_RECORD_SOUND: return .sound
        case SB_RECORD_DEPTH: return .depth
        default: return nil
        }
    }
}
