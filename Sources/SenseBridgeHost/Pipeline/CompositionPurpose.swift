/// How long one request may take. A narration cadence cannot afford a platform's 60 s
/// default: an answer that late describes a room the user has already left.
public enum CompositionPurpose: Sendable {
    /// Hands-free awareness, composed every narration interval.
    case handsFree
    /// One describe request the user asked for and is waiting on.
    case describe

    public var timeoutSeconds: Double {
        switch self {
        case .handsFree: return 4
        case .describe: return 8
        }
    }
}
