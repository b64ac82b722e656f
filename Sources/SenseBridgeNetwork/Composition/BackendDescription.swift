import SenseBridgeHost
/// Which backend composes, as the person is told.
public enum BackendDescription: Equatable, Sendable {
    case onDevice
    /// A provider's display name, e.g. "Anthropic".
    case cloud(String)
    /// The host the person typed; `unencrypted` for http://.
    case localEndpoint(host: String, unencrypted: Bool)
}
