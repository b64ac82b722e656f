/// What a message is for. Raw values are the ABI's `SB_SIGNAL_*` numbers, so a
/// render target written in C sees the same value.
public enum OutputSignal: UInt32, CaseIterable, Sendable, Codable {
    /// A hedged scene description.
    case description = 1
    /// Something is near: urgent, interrupts reading.
    case awarenessAlert = 2
    /// The alert condition ended.
    case awarenessClear = 3
    /// One sentence of text being read aloud.
    case readingSegment = 4
    /// A disclosure or state change the user cannot see (backend failed, target lost).
    case status = 5
    /// What a session did, said at its end.
    case sessionSummary = 6
    /// The alert's cue again at its proximity band's rate while the alert lasts; no text.
    /// Only targets that offer the "awareness-pulse" cue get it (ABI 1.3).
    case awarenessPulse = 7
    /// A safety sound (smoke, fire or carbon-monoxide alarm, siren) heard: urgent, cuts off
    /// reading, repeated while the sound goes on (`SoundAlerts`). Only targets that offer
    /// the "safety-alert" cue get it; every other target gets it as an urgent
    /// `awarenessAlert`, so no target misses it (ABI 1.6).
    case safetyAlert = 8
}
