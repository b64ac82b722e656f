import SenseBridgeHost
/// A person's acknowledgement of what leaves the machine and whose terms apply.
///
/// It names exactly what it covers: one cloud provider, or one local address. Choosing
/// another provider or typing another address is not covered by it, so it is asked
/// again (and the old one is dropped, so switching back asks again too).
public struct TermsAcknowledgement: Equatable, Sendable {
    public enum Scope: Equatable, Sendable {
        case cloud(CloudProvider)
        case localEndpoint(String)
    }

    public var scope: Scope
    /// ISO 8601, for the person reading their own settings file.
    public var acknowledgedAt: String
    /// For an http:// address: the person was told labels travel unencrypted and accepted it.
    public var unencryptedAccepted: Bool

    public init(scope: Scope, acknowledgedAt: String, unencryptedAccepted: Bool = false) {
        self.scope = scope
        self.acknowledgedAt = acknowledgedAt
        self.unencryptedAccepted = unencryptedAccepted
    }
}
