import CSenseBridgeABI

/// The error a plugin throws; PluginKit turns it into an `sb_status` and message.
///
/// The message is read by a person who may have just lost an output, so it should
/// say what failed and what to do next, in one sentence.
public struct PluginError: Error, Equatable, CustomStringConvertible {
    public enum Code: Int32, Sendable {
        case invalidArgument = 1
        case invalidConfig = 2
        case unsupported = 3
        case timeout = 4
        case cancelled = 5
        case endOfStream = 6
        case io = 7
        case network = 8
        case notStarted = 9
        case `internal` = 10
        /// Render only (ABI 1.5): the daemon or device is gone for now; the host keeps
        /// the target and tries it again with later messages.
        case unavailable = 11
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A failure with a reason code for the host (sensebridge.h, "Reason codes"): the
    /// message starts with `[reason] `. The host makes the code public, so it must be one
    /// of the header's codes and never anything perceived; the rest stays private.
    public init(_ code: Code, reason: String, _ message: String) {
        self.init(code, "[\(reason)] \(message)")
    }

    public var description: String { message }

    public static func invalidConfig(_ message: String) -> PluginError { .init(.invalidConfig, message) }
    public static func io(_ message: String) -> PluginError { .init(.io, message) }
    public static let cancelled = PluginError(.cancelled, "The call was cancelled.")
    public static let endOfStream = PluginError(.endOfStream, "The source has no more frames.")
    public static let notStarted = PluginError(.notStarted, "The source is not started; call start first.")
}

extension PluginError {
    /// Any Swift error becomes a status and a message; a `PluginError` keeps its code.
    init(wrapping error: Error) {
        if let error = error as? PluginError {
            self = error
        } else {
            self = PluginError(.internal, "\(error)")
        }
    }

    /// Copies the message into the host-owned error, truncated on a UTF-8 boundary.
    func write(to error: UnsafeMutablePointer<sb_error>?) {
        guard let error else { return }
        error.pointee.code = code.rawValue
        var bytes = Array((message.isEmpty ? "Unknown failure." : message).utf8)
        let capacity = Int(SB_ERROR_MESSAGE_CAPACITY) - 1
        if bytes.count > capacity {
            var cut = capacity
            // Back off continuation bytes so the host never receives a torn character.
            while cut > 0 && (bytes[cut] & 0xC0) == 0x80 { cut -= 1 }
            bytes = Array(bytes[..<cut])
        }
        withUnsafeMutableBytes(of: &error.pointee.message) { raw in
            raw.initializeMemory(as: UInt8.self, repeating: 0)
            raw.copyBytes(from: bytes)
        }
    }
}
