import SenseBridgeHost
/// Why network composition was asked for but is not used; said once at session start.
public enum NetworkUnavailableReason: Equatable, Sendable {
    /// The profile names a network composer but the backend is on-device.
    case notTurnedOn
    case termsNotAcknowledged
    case missingKey
    /// The plugin is missing, broken, or refused its config.
    case couldNotStart
}
