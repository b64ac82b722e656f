import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// An `sb_message` and the bytes it points at, owned together.
///
/// The text is raw bytes so the harness can send bytes that are not UTF-8 and see a
/// target refuse them; one spare NUL follows it, so a plugin that wrongly reads the
/// text as a C string still stops.
public final class CMessage {
    public let pointer: UnsafeMutablePointer<sb_message>
    public let byteCount: Int
    private let text: UnsafeMutablePointer<UInt8>
    private let locale: UnsafeMutablePointer<CChar>

    public init(bytes: [UInt8], signal: sb_signal, flags: UInt32, locale: String, sessionTimeNanoseconds: UInt64, sequence: UInt64) {
        byteCount = bytes.count
        let text = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count + 1)
        text.initialize(repeating: 0, count: bytes.count + 1)
        if !bytes.isEmpty { bytes.withUnsafeBufferPointer { text.update(from: $0.baseAddress!, count: bytes.count) } }
        let localeCopy = strdup(locale)!
        let message = UnsafeMutablePointer<sb_message>.allocate(capacity: 1)
        message.initialize(to: sb_message(
            struct_size: UInt32(MemoryLayout<sb_message>.size), signal: signal, flags: flags,
            text: UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), text_length: bytes.count,
            locale: UnsafePointer(localeCopy), session_time_ns: sessionTimeNanoseconds, sequence: sequence))
        self.text = text
        self.locale = localeCopy
        pointer = message
    }

    /// `message` as the header carries it.
    public convenience init(_ message: OutputMessage) {
        let fields = MessageFields(message)
        self.init(bytes: fields.text, signal: fields.signal, flags: fields.flags, locale: fields.locale,
                  sessionTimeNanoseconds: fields.sessionTimeNanoseconds, sequence: fields.sequence)
    }

    deinit {
        pointer.deallocate()
        text.deallocate()
        free(locale)
    }
}

/// An `OutputMessage` in the terms of `sb_message` (flags, nanoseconds, the signal's
/// ABI value), written once for the C struct and for the isolated runner's pipe alike.
public struct MessageFields: Sendable {
    public var text: [UInt8]
    public var signal: sb_signal
    public var flags: UInt32
    public var locale: String
    public var sessionTimeNanoseconds: UInt64
    public var sequence: UInt64

    public init(_ message: OutputMessage) {
        text = Array(message.text.utf8)
        signal = message.signal.abiValue
        flags = message.isUrgent ? SB_MESSAGE_URGENT : 0
        locale = message.locale.rawValue
        sessionTimeNanoseconds = Self.nanoseconds(message.sessionTime)
        sequence = message.sequence
    }

    /// Session seconds in whole nanoseconds, total: NaN and negatives are 0, and a time
    /// past what UInt64 holds (about 584 years) is held at its largest, where
    /// `UInt64(seconds * 1e9)` trapped on +∞ and beyond 1.8e10 s.
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        let value = (seconds * 1e9).rounded(.down)
        guard value > 0 else { return 0 }
        return value < 18_446_744_073_709_551_616.0 ? UInt64(value) : .max
    }
}

public enum MessageCodec {
    public enum Problem: Error, Equatable, Sendable {
        case textNotUTF8
        /// The message's `struct_size` is too small for 1.0's fields; none was read.
        case structSize(StructSizeProblem)
    }

    /// Every field of `sb_message` is 1.0's; none has been appended since.
    public static let version10Size = MemoryLayout<sb_message>.size

    /// The message at `pointer`, its `struct_size` checked before any other field is read.
    public static func decode(at pointer: UnsafePointer<sb_message>) -> Result<OutputMessage?, Problem> {
        if let problem = StructSizeProblem.check(pointer, "sb_message", minimum: version10Size) {
            return .failure(.structSize(problem))
        }
        return decode(pointer.pointee)
    }

    /// The message a render target receives; nil for a signal from a newer host, which
    /// the header lets a target ignore.
    public static func decode(_ c: sb_message) -> Result<OutputMessage?, Problem> {
        let bytes: [UInt8]
        if let text = c.text, c.text_length > 0 {
            bytes = Array(UnsafeRawBufferPointer(start: text, count: c.text_length))
        } else {
            bytes = []
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(.textNotUTF8) }
        guard let signal = OutputSignal(abiValue: c.signal) else { return .success(nil) }
        let locale = ABIString.decode(c.locale).flatMap(SpokenLocale.init(identifier:)) ?? .en
        return .success(OutputMessage(signal: signal, text: text, locale: locale,
                                      isUrgent: (c.flags & SB_MESSAGE_URGENT) != 0,
                                      sessionTime: Double(c.session_time_ns) / 1e9, sequence: c.sequence))
    }
}
