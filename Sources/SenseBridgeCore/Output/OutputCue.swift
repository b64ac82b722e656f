/// A signal a render target plays only when it says it can, beyond the messages every
/// target gets. A target offers it in its manifest (`capabilities.cues`), and a profile
/// may turn it on or off per target.
///
/// Opt-in rather than sent to everyone: the header lets a target render a signal it does
/// not know as a status, and a repeated cue spoken or captioned as text would be the
/// repetition that teaches a person to stop listening (Invariant 7); a safety alert
/// rendered as a status would be neither urgent nor told apart from one.
public enum OutputCue: String, CaseIterable, Sendable, Hashable {
    /// The alert's cue again at its proximity band's rate while an alert lasts
    /// (`OutputSignal.awarenessPulse`, ABI 1.3).
    case awarenessPulse = "awareness-pulse"
    /// A safety sound heard (`OutputSignal.safetyAlert`, ABI 1.6), with its own haptic
    /// pattern, caption mark and braille dots.
    case safetyAlert = "safety-alert"

    /// The signal that carries this cue.
    public var signal: OutputSignal {
        switch self {
        case .awarenessPulse: return .awarenessPulse
        case .safetyAlert: return .safetyAlert
        }
    }

    /// The ABI minor version that defined the cue's signal: a target built against an
    /// earlier header cannot know it, so its manifest may not offer it.
    public var sinceABIMinor: UInt32 {
        switch self {
        case .awarenessPulse: return 3
        case .safetyAlert: return 6
        }
    }

    /// Whether the cue's messages have words: a pulse is felt or heard as a tone only, so
    /// nothing may print or speak its (empty) text; a safety alert is a sentence.
    public var carriesWords: Bool {
        switch self {
        case .awarenessPulse: return false
        case .safetyAlert: return true
        }
    }

    /// What a target that does not play the cue is handed instead of `message`; nil for
    /// nothing.
    ///
    /// The pulse repeats an alert every target already had, so a target without it loses
    /// nothing. A safety alert is the one message a person must not miss (Invariant 10):
    /// a target that does not play it gets its words as an urgent awareness alert, which
    /// every target renders as its most urgent message and which cuts off reading.
    public func standIn(for message: OutputMessage) -> OutputMessage? {
        switch self {
        case .awarenessPulse:
            return nil
        case .safetyAlert:
            var alert = message
            alert.signal = .awarenessAlert
            alert.isUrgent = true
            return alert
        }
    }

    /// The cue a signal is, if it is one; nil for the messages every target gets.
    public init?(signal: OutputSignal) {
        guard let cue = Self.allCases.first(where: { $0.signal == signal }) else { return nil }
        self = cue
    }
}
