import CSenseBridgeABI
import Foundation

/// An `sb_message` and the bytes it points at, allocated once so a loop of renders
/// measures the plugin's memory, not the harness's.
final class MessageBuffer {
    let pointer: UnsafeMutablePointer<sb_message>
    private let text: UnsafeMutablePointer<UInt8>
    private let locale: UnsafeMutablePointer<CChar>
    let byteCount: Int

    init(bytes: [UInt8], signal: sb_signal = SB_SIGNAL_DESCRIPTION, flags: UInt32 = 0, locale: String = "en", sequence: UInt64 = 1) {
        byteCount = bytes.count
        // One spare NUL: a plugin that wrongly treats text as a C string still stops.
        let text = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
        text.initialize(repeating: 0, count: bytes.count + 1)
        if !bytes.isEmpty { bytes.withUnsafeBufferPointer { text.update(from: $0.baseAddress!, count: bytes.count) } }
        let localeCopy = strdup(locale)!
        let message = UnsafeMutablePointer<sb_message>.allocate(capacity: 1)
        message.initialize(to: sb_message(
            struct_size: UInt32(MemoryLayout<sb_message>.size), signal: signal, flags: flags,
            text: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), text_length: bytes.count,
            locale: UnsafePointer(localeCopy), session_time_ns: 1_000_000_000 * sequence, sequence: sequence))
        self.text = text
        self.locale = localeCopy
        pointer = message
    }

    convenience init(_ text: String, signal: sb_signal = SB_SIGNAL_DESCRIPTION, flags: UInt32 = 0, locale: String = "en", sequence: UInt64 = 1) {
        self.init(bytes: Array(text.utf8), signal: signal, flags: flags, locale: locale, sequence: sequence)
    }

    deinit {
        pointer.deallocate()
        text.deallocate()
        free(locale)
    }
}
