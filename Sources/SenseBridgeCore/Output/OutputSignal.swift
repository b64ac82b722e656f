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
}
