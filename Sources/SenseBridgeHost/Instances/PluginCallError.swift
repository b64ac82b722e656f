import CSenseBridgeABI
import Foundation

/// A plugin call that failed at run time: the plugin's status and its message.
public struct PluginCallError: Error, Sendable, CustomStringConvertible {
    public var pluginID: String
    public var status: Int32
    public var message: String

    public var description: String { "\(pluginID): \(message)" }

    public var isCancelled: Bool { status == SB_ERR_CANCELLED }
    public var isTimeout: Bool { status == SB_ERR_TIMEOUT }
    public var isEndOfStream: Bool { status == SB_ERR_END_OF_STREAM }
    /// A render target's daemon or device is gone for now (ABI 1.5): the target is kept
    /// and tried again with later messages, not lost for the session.
    public var isUnavailable: Bool { status == SB_ERR_UNAVAILABLE }

    /// A call's failure as another process reported it (an isolated plugin's runner).
    init(pluginID: String, status: Int32, message: String) {
        self.pluginID = pluginID
        self.status = status
        self.message = message.isEmpty ? "the plugin failed (status \(status)) without saying why" : message
    }

    /// Reads the plugin's message; a plugin that failed without one is itself at fault,
    /// and the user hears that rather than an empty reason.
    init(pluginID: String, status: Int32, error: sb_error) {
        self.pluginID = pluginID
        self.status = status
        var copy = error
        let text = withUnsafeBytes(of: &copy.message) { raw -> String? in
            let bytes = raw.prefix { $0 != 0 }
            return String(validating: bytes, as: UTF8.self)
        }
        switch text {
        case .none: message = "the plugin's error message is not valid UTF-8 (status \(status))"
        case .some(let text) where text.isEmpty: message = "the plugin failed (status \(status)) without saying why"
        case .some(let text): message = text
        }
    }
}
