import Foundation
import SenseBridgeHost

/// Checks a local endpoint address before it is stored or used.
public enum EndpointAddress {
    public static let unencryptedWarning =
        "Warning: this address uses http://, so object labels travel unencrypted on whatever network reaches it. Use https:// unless the server is on a network you trust."

    public struct Checked: Equatable {
        public var url: URL
        public var normalized: String
        public var host: String
    }

    /// http or https, a host, no user name or password (keys belong in the credentials
    /// store), no query or fragment.
    public static func check(_ text: String) throws -> Checked {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https" else {
            throw ReasoningSettings.EditError(description: "The endpoint address must start with http:// or https://, like https://my-server:8080/v1.")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ReasoningSettings.EditError(description: "The endpoint address has no host name.")
        }
        guard components.user == nil, components.password == nil else {
            throw ReasoningSettings.EditError(description: "The endpoint address must not contain a user name or password; store a token with 'sensebridge credentials set local-endpoint'.")
        }
        guard components.query == nil, components.fragment == nil else {
            throw ReasoningSettings.EditError(description: "The endpoint address must not contain a query (?) or fragment (#).")
        }
        var normalized = text
        while normalized.hasSuffix("/") { normalized.removeLast() }
        guard let url = URL(string: normalized) else {
            throw ReasoningSettings.EditError(description: "The endpoint address is not a valid URL.")
        }
        return Checked(url: url, normalized: normalized, host: host)
    }

    public static func isUnencrypted(_ text: String) -> Bool {
        text.lowercased().hasPrefix("http://")
    }
}
