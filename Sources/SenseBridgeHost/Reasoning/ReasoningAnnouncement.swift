import Foundation
import SenseBridgeCore

/// A state change of the reasoning backend that the person cannot see, said once.
///
/// Each case is produced exactly once per transition by `ComposerResolver`; repeating
/// one on every failure would teach the listener to ignore the channel.
public enum ReasoningAnnouncement: Equatable, Sendable {
    /// Said at session start: which backend composes descriptions.
    case activeBackend(BackendDescription)
    /// The profile or settings asked for network composition that cannot be used.
    case networkUnavailable(NetworkUnavailableReason)
    /// The breaker tripped: two consecutive failures. The only urgent one, so it is not
    /// swallowed by a throttle: the person believes they are getting a tier they are not.
    case networkFailing(BackendDescription)
    /// A probe succeeded after the breaker tripped.
    case networkRecovered(BackendDescription)
    case hourlyBudgetReached(limit: Int)
    case hourlyBudgetResumed
    case sessionBudgetReached(limit: Int)

    public var isUrgent: Bool {
        if case .networkFailing = self { return true }
        return false
    }

    /// The message every render target of the profile receives.
    public func message(locale: SpokenLocale, sessionTime: Double = 0, sequence: UInt64 = 0) -> OutputMessage {
        OutputMessage(signal: .status, text: text(locale), locale: locale, isUrgent: isUrgent,
                      sessionTime: sessionTime, sequence: sequence)
    }

    public func text(_ locale: SpokenLocale) -> String {
        let table = ReasoningSpokenTable.table(locale)
        switch self {
        case .activeBackend(let backend):
            switch backend {
            case .onDevice: return table.onDeviceActive
            case .cloud(let provider): return table.cloudActive.replacingOccurrences(of: "{provider}", with: provider)
            case .localEndpoint(let host, let unencrypted):
                return (unencrypted ? table.localActiveUnencrypted : table.localActive).replacingOccurrences(of: "{host}", with: host)
            }
        case .networkUnavailable(let reason):
            switch reason {
            case .notTurnedOn: return table.networkNotTurnedOn
            case .termsNotAcknowledged: return table.networkTermsMissing
            case .missingKey: return table.networkKeyMissing
            case .couldNotStart: return table.networkCouldNotStart
            }
        case .networkFailing(let backend):
            if case .localEndpoint = backend { return table.localFailing }
            return table.cloudFailing
        case .networkRecovered(let backend):
            if case .localEndpoint = backend { return table.localRecovered }
            return table.cloudRecovered
        case .hourlyBudgetReached(let limit): return table.hourlyBudgetReached.replacingOccurrences(of: "{limit}", with: String(limit))
        case .hourlyBudgetResumed: return table.hourlyBudgetResumed
        case .sessionBudgetReached(let limit): return table.sessionBudgetReached.replacingOccurrences(of: "{limit}", with: String(limit))
        }
    }
}

/// Which backend composes, as the person is told.
public enum BackendDescription: Equatable, Sendable {
    case onDevice
    /// A provider's display name, e.g. "Anthropic".
    case cloud(String)
    /// The host the person typed; `unencrypted` for http://.
    case localEndpoint(host: String, unencrypted: Bool)
}

/// Why network composition was asked for but is not used; said once at session start.
public enum NetworkUnavailableReason: Equatable, Sendable {
    /// The profile names a network composer but the backend is on-device.
    case notTurnedOn
    case termsNotAcknowledged
    case missingKey
    /// The plugin is missing, broken, or refused its config.
    case couldNotStart
}
