/// A cue without words that a render target may offer to play, beyond the messages every
/// target gets. A target offers it in its manifest (`capabilities.cues`), and a profile
/// may turn it on or off per target.
///
/// Opt-in rather than sent to everyone: the header lets a target render a signal it does
/// not know as a status, and a repeated cue spoken or captioned as text would be the
/// repetition that teaches a person to stop listening (Invariant 7).
public enum OutputCue: String, CaseIterable, Sendable, Hashable {
    /// The alert's cue again at its proximity band's rate while an alert lasts
    /// (`OutputSignal.awarenessPulse`, ABI 1.3).
    case awarenessPulse = "awareness-pulse"

    /// The signal that carries this cue.
    public var signal: OutputSignal {
        switch self {
        case .awarenessPulse: return .awarenessPulse
        }
    }

    /// The ABI minor version that defined the cue's signal: a target built against an
    /// earlier header cannot know it, so its manifest may not offer it.
    public var sinceABIMinor: UInt32 {
        switch self {
        case .awarenessPulse: return 3
        }
    }

    /// The cue a signal is, if it is one; nil for the messages every target gets.
    public init?(signal: OutputSignal) {
        guard let cue = Self.allCases.first(where: { $0.signal == signal }) else { return nil }
        self = cue
    }
}
