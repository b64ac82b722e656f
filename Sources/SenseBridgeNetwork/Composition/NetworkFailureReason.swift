import SenseBridgeCore
import SenseBridgeHost

/// Why a network phrase was not used, as a stable public code ("http-500", "timeout",
/// "refused:record-not-named", …; docs/PRIVACY.md lists them) and as what the person is
/// told. The code is safe to log and print: it is ours or one of the header's closed list,
/// never text a server or a plugin chose. The plugin's own message, which may echo the
/// request, stays in `detail` and is private.
public struct NetworkFailureReason: Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// Nothing came back in time: a timeout, no connection, a reply cut off.
        case notAnswering
        /// It answered with an HTTP error status.
        case serverError(status: Int)
        /// It answered, but with nothing SenseBridge can read as a phrase.
        case unreadable
        /// It answered with a phrase the narrator refused (grounding or validator).
        case mismatch
        /// The network composer plugin itself failed or was stopped.
        case composerFailed
    }

    public let code: String
    public let kind: Kind
    /// For a terminal (stderr, never the log as public): the plugin's message or ours.
    public let detail: String

    public var description: String { code }

    /// The reason codes a plugin may put in front of its message (sensebridge.h).
    static let pluginCodes: Set<String> = [
        "schema-unsupported", "format-ignored", "malformed-reply", "empty-reply", "model-refused",
        "timeout", "unreachable", "dropped", "too-large",
    ]

    init(code: String, kind: Kind, detail: String) {
        self.code = code
        self.kind = kind
        self.detail = detail
    }

    /// The narrator refused the reply: `refused:<grounding or validator code>`.
    public static func refused(_ refusalCode: String, detail: String) -> NetworkFailureReason {
        NetworkFailureReason(code: "refused:" + refusalCode, kind: .mismatch, detail: detail)
    }

    public static func wrongPhraseCount(_ count: Int) -> NetworkFailureReason {
        NetworkFailureReason(code: "wrong-phrase-count", kind: .unreadable,
                             detail: "the network composer returned \(count) phrases; exactly one sight phrase is expected")
    }

    /// Reads a failed call: the bracketed code at the start of a plugin's message when it
    /// is one the header lists, else the call's status; a stopped plugin by how it stopped.
    public init(_ error: Error) {
        switch error {
        case let stopped as PluginStopped:
            self.init(code: "plugin-" + stopped.code, kind: .composerFailed, detail: stopped.summary)
        case let call as PluginCallError:
            if call.isCancelled {
                self.init(code: "cancelled", kind: .notAnswering, detail: call.message)
            } else if let code = Self.leadingCode(call.message) {
                let rest = call.message.dropFirst(code.count + 2).trimmingCharacters(in: .whitespaces)
                self.init(code: code, kind: Self.kind(of: code), detail: rest.isEmpty ? call.message : rest)
            } else if call.isTimeout {
                self.init(code: "timeout", kind: .notAnswering, detail: call.message)
            } else {
                self.init(code: "composer-error", kind: .composerFailed, detail: call.message)
            }
        default:
            self.init(code: "composer-error", kind: .composerFailed, detail: String(describing: error))
        }
    }

    /// "[http-503] The provider…" → "http-503"; nil for anything not on the list, so a
    /// plugin cannot make free text public by bracketing it.
    static func leadingCode(_ message: String) -> String? {
        guard message.hasPrefix("["), let close = message.firstIndex(of: "]") else { return nil }
        let code = String(message[message.index(after: message.startIndex)..<close])
        if pluginCodes.contains(code) { return code }
        if httpStatus(code) != nil { return code }
        return nil
    }

    static func httpStatus(_ code: String) -> Int? {
        guard code.hasPrefix("http-"), code.count == 8, let status = Int(code.dropFirst(5)), (100...599).contains(status) else { return nil }
        return status
    }

    static func kind(of code: String) -> Kind {
        if let status = httpStatus(code) { return .serverError(status: status) }
        switch code {
        case "timeout", "unreachable", "dropped": return .notAnswering
        default: return .unreadable
        }
    }
}
