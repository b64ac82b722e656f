import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// A state change of the reasoning backend that the person cannot see, said once.
///
/// Each case is produced exactly once per transition by `NetworkRouter`; repeating
/// one on every failure would teach the listener to ignore the channel.
public enum ReasoningAnnouncement: Equatable, Sendable {
    /// Said when the first network phrase is used: which backend composes descriptions.
    case activeBackend(BackendDescription)
    /// The profile or settings asked for network composition that cannot be used.
    case networkUnavailable(NetworkUnavailableReason)
    /// The breaker tripped: two consecutive failures, said as the last one was (not
    /// answering, or replies that could not be used and why). The only urgent one, so it
    /// is not swallowed by a throttle: the person believes they are getting a tier they are not.
    case networkFailing(BackendDescription, NetworkFailureReason.Kind)
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
        status(locale).message(locale: locale, sessionTime: sessionTime, sequence: sequence)
    }

    /// As the description pipeline carries it: said in `locale`, urgent or not.
    public func status(_ locale: SpokenLocale) -> StatusAnnouncement {
        StatusAnnouncement(text: text(locale), isUrgent: isUrgent)
    }

    /// The sentence from the locale's `SpokenTable`, where every spoken string lives.
    public func text(_ locale: SpokenLocale) -> String {
        let table = SpokenTable.forLocale(locale)
        switch self {
        case .activeBackend(let backend):
            switch backend {
            case .onDevice: return table.backendOnDevice.text
            case .cloud(let provider): return table.backendCloud.filled(["provider": provider])
            case .localEndpoint(let host, let unencrypted):
                return (unencrypted ? table.backendLocalUnencrypted : table.backendLocal).filled(["host": host])
            }
        case .networkUnavailable(let reason):
            switch reason {
            case .notTurnedOn: return table.networkNotTurnedOn.text
            case .termsNotAcknowledged: return table.networkTermsMissing.text
            case .missingKey: return table.networkKeyMissing.text
            case .couldNotStart: return table.networkCouldNotStart.text
            }
        case .networkFailing(let backend, let kind):
            let local: Bool
            if case .localEndpoint = backend { local = true } else { local = false }
            guard let reason = Self.unusableReason(kind, table) else {
                return (local ? table.localBackendNotAnswering : table.backendNotAnswering).text
            }
            return (local ? table.localBackendRepliesUnusable : table.backendRepliesUnusable).filled(["reason": reason])
        case .networkRecovered(let backend):
            if case .localEndpoint = backend { return table.localBackendRecovered.text }
            return table.backendRecovered.text
        case .hourlyBudgetReached(let limit): return table.requestBudgetHourReached.filled(["limit": String(limit)])
        case .hourlyBudgetResumed: return table.requestBudgetHourResumed.text
        case .sessionBudgetReached(let limit): return table.requestBudgetSessionReached.filled(["limit": String(limit)])
        }
    }

    /// The words inside "replies could not be used (…)"; nil for a server not answering.
    static func unusableReason(_ kind: NetworkFailureReason.Kind, _ table: SpokenTable) -> String? {
        switch kind {
        case .notAnswering: return nil
        case .serverError(let status): return table.unusableServerError.filled(["status": String(status)])
        case .unreadable: return table.unusableUnreadable.text
        case .mismatch: return table.unusableMismatch.text
        case .composerFailed: return table.unusableComposerFailed.text
        }
    }
}
