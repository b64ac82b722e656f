import SenseBridgeHost
/// Where network composition would go, once both gates passed.
public struct NetworkTarget: Equatable, Sendable {
    public var backend: ReasoningBackend
    public var provider: CloudProvider?
    /// "openai-compatible" or "anthropic", the network composer's `provider` config.
    public var wireFormat: String
    public var baseURL: String
    /// The environment variable the base URL came from, when it was overridden.
    public var baseURLSource: String?
    public var model: String
    public var credential: CredentialName
    /// Cloud providers need a key; a local server may not.
    public var credentialRequired: Bool
    public var description: BackendDescription
    public var isUnencrypted: Bool
}
