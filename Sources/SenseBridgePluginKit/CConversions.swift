import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// Conversions between the header's C structs and the Swift types plugins see.
/// Every string read from C is validated as UTF-8; nothing is trusted to be.
enum CConversions {
    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        return String(validatingCString: pointer)
    }

    static func record(_ c: sb_record) -> PerceptionRecord? {
        guard let label = string(c.label) else { return nil }
        let kind: PerceptionRecord.Kind
        switch c.kind {
        case SB_RECORD_OBJECT: kind = .object
        case SB_RECORD_TEXT: kind = .text
        case SB_RECORD_SOUND: kind = .sound
        case SB_RECORD_DEPTH: kind = .depth
        default: return nil
        }
        let box = (c.flags & SB_RECORD_HAS_BOX) != 0
            ? NormalizedBox(x: Double(c.box.x), y: Double(c.box.y), width: Double(c.box.width), height: Double(c.box.height))
            : nil
        let distance = (c.flags & SB_RECORD_HAS_DISTANCE) != 0 ? Double(c.distance_m) : nil
        return PerceptionRecord(kind: kind, label: label, confidence: Double(c.confidence), box: box, distanceMetres: distance)
    }

    static func message(_ c: sb_message) -> Result<OutputMessage?, PluginError> {
        let bytes: [UInt8]
        if let text = c.text, c.text_length > 0 {
            bytes = Array(UnsafeRawBufferPointer(start: text, count: c.text_length))
        } else {
            bytes = []
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(PluginError(.invalidArgument, "Message text is not valid UTF-8; it was not rendered."))
        }
        // A signal from a newer host is ignored, as the header requires.
        guard let signal = OutputSignal(rawValue: c.signal) else { return .success(nil) }
        let locale = string(c.locale).flatMap(SpokenLocale.init(identifier:)) ?? .en
        return .success(OutputMessage(
            signal: signal, text: text, locale: locale,
            isUrgent: (c.flags & SB_MESSAGE_URGENT) != 0,
            sessionTime: Double(c.session_time_ns) / 1e9, sequence: c.sequence))
    }

    static func recordKind(_ kind: PerceptionRecord.Kind) -> sb_record_kind {
        switch kind {
        case .object: return SB_RECORD_OBJECT
        case .text: return SB_RECORD_TEXT
        case .sound: return SB_RECORD_SOUND
        case .depth: return SB_RECORD_DEPTH
        }
    }
}

/// C memory a plugin instance hands out and keeps until its next call, as the
/// header's "plugin-owned" rule says.
final class OwnedCMemory {
    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var buffers: [UnsafeMutableRawPointer] = []

    func string(_ text: String) -> UnsafePointer<CChar> {
        let copy = strdup(text)!
        strings.append(copy)
        return UnsafePointer(copy)
    }

    func array<T>(_ values: [T]) -> UnsafePointer<T>? {
        guard !values.isEmpty else { return nil }
        let buffer = UnsafeMutablePointer<T>.allocate(capacity: values.count)
        buffer.initialize(from: values, count: values.count)
        buffers.append(UnsafeMutableRawPointer(buffer))
        return UnsafePointer(buffer)
    }

    /// Frees what the previous call handed out. Only trivial C types are stored.
    func reset() {
        strings.forEach { free($0) }
        buffers.forEach { $0.deallocate() }
        strings.removeAll(keepingCapacity: true)
        buffers.removeAll(keepingCapacity: true)
    }

    deinit { reset() }
}
