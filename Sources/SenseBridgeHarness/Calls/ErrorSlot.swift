import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// A host-owned `sb_error` followed by guard bytes, zeroed before each call.
///
/// The harness reads the plugin's message as bytes rather than through the host's
/// friendly conversion, because the point is to see exactly what the plugin wrote:
/// an unterminated message, invalid UTF-8, or a write past the 512-byte buffer
/// (the guard bytes change) are each a named failure.
final class ErrorSlot {
    static let guardSize = 64
    static let guardByte: UInt8 = 0xA5
    private static let size = MemoryLayout<sb_error>.size
    private static let messageOffset = MemoryLayout<sb_error>.offset(of: \sb_error.message)!

    private let raw: UnsafeMutableRawPointer
    let pointer: UnsafeMutablePointer<sb_error>

    init() {
        raw = .allocate(byteCount: Self.size + Self.guardSize, alignment: MemoryLayout<sb_error>.alignment)
        pointer = raw.bindMemory(to: sb_error.self, capacity: 1)
        reset()
    }

    deinit { raw.deallocate() }

    func reset() {
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: Self.size)
        (raw + Self.size).initializeMemory(as: UInt8.self, repeating: Self.guardByte, count: Self.guardSize)
    }

    var code: sb_status { pointer.pointee.code }

    private var messageBuffer: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: raw + Self.messageOffset, count: Int(SB_ERROR_MESSAGE_CAPACITY))
    }

    /// The message up to its NUL, or the whole buffer when there is none.
    var messageBytes: [UInt8] { Array(messageBuffer.prefix { $0 != 0 }) }

    var isTerminated: Bool { messageBuffer.contains(0) }
    var isEmpty: Bool { messageBuffer[0] == 0 }

    var guardIntact: Bool {
        UnsafeRawBufferPointer(start: raw + Self.size, count: Self.guardSize).allSatisfy { $0 == Self.guardByte }
    }

    /// Why the message breaks the header's form (NUL-terminated UTF-8 within the
    /// buffer), or nil when it is well formed. An empty message is not judged here:
    /// the check that provoked the failure owns that rule.
    func formProblem() -> String? {
        if !guardIntact { return "the plugin wrote past the end of the \(SB_ERROR_MESSAGE_CAPACITY)-byte error buffer" }
        if !isTerminated { return "the error message is not NUL-terminated within \(SB_ERROR_MESSAGE_CAPACITY) bytes" }
        let bytes = messageBytes
        if String(validating: bytes, as: UTF8.self) == nil {
            let offset = UTF8Check.firstInvalidOffset(bytes) ?? 0
            return "the error message is not valid UTF-8 (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at offset \(offset))"
        }
        return nil
    }

    /// The message for a reason line: lossy, one line, short.
    var messageForReason: String {
        let text = String(decoding: messageBytes.prefix(200), as: UTF8.self)
        return ResultChannel.singleLine(text)
    }

    /// "SB_ERR_INVALID_CONFIG: config must be a JSON object", or a note that there was no message.
    func describe(status: sb_status) -> String {
        let name = ABIStatus.name(status)
        return isEmpty ? "\(name) with no message" : "\(name): \"\(messageForReason)\""
    }
}
