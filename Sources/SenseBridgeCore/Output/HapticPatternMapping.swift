/// Which cue each output signal is felt as. docs/HAPTICS.md carries the same table.
///
/// Two patterns are deliberately unused: `warning` and `critical` meant measured distance
/// bands (inside 1.0 m, inside 0.5 m) in the vocabulary this one comes from. An
/// `OutputSignal` carries no band, so mapping any signal to them would tell a person a
/// distance the message never stated.
extension HapticCue {
    public init(signal: OutputSignal) {
        switch signal {
        case .description:
            // Not `success`: a description arrives unasked and is hedged; a confirming
            // pattern would lend it a certainty it does not have. A light tap only says
            // "something new was described", and stays quiet enough to repeat.
            self = .tap
        case .awarenessAlert:
            // Something is near: the one cue that must never be mistaken for another.
            self = .awarenessAlert
        case .awarenessClear:
            // Not `success`: "clear" means the condition that raised the alert ended, not
            // that the way is safe; a celebratory pattern would claim what was never
            // measured. Two even taps are neutral and unlike the alert's opening.
            self = .doubleTap
        case .readingSegment:
            // An even two-step pulse, felt as the reading moving forward one sentence.
            self = .navigation
        case .status:
            // A state the person cannot see changed (backend lost, session stopped) — the
            // same single crisp tap that marks entering a mode.
            self = .modeSwitch
        case .sessionSummary:
            // The session ended as the person asked: this confirms their own action.
            self = .success
        case .awarenessPulse:
            // The alert's own cue, repeated: only the rate says how close, so there is no
            // new pattern to learn (a vocabulary would need co-design with deaf-blind people).
            self = .awarenessAlert
        case .safetyAlert:
            // A smoke, fire or carbon-monoxide alarm or a siren: a pattern no other signal
            // uses (Invariant 10), since what to do differs from an obstacle's.
            self = .safetyAlert
        }
    }
}

extension HapticPattern {
    /// The pattern a signal is felt as; see `HapticCue.init(signal:)` for why.
    public static func forSignal(_ signal: OutputSignal) -> HapticPattern {
        HapticCue(signal: signal).pattern
    }
}
