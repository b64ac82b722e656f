/// Lets narration through only when it changed.
///
/// A channel that repeats itself gets ignored (Invariant 7): the same description every
/// narration interval teaches the listener to stop listening, and then a real change is
/// missed. A changed description is not delayed at all; the throttle only ever
/// suppresses exact repeats, so a transition goes through on the tick that saw it.
public struct NarrationThrottle: Sendable {
    private var lastSaid: [String]?

    public init() {}

    /// True when `sentences` differ from the last narration let through (order of
    /// sentences ignored: a composer may list the same things in another order).
    /// Empty narration is never said and does not reset what was last said.
    public mutating func admit(_ sentences: [String]) -> Bool {
        guard !sentences.isEmpty else { return false }
        let key = sentences.sorted()
        guard key != lastSaid else { return false }
        lastSaid = key
        return true
    }

    /// Forgets the last narration, so the next one is said even if unchanged; for a new
    /// run of the source, when the listener has heard other things in between.
    public mutating func reset() { lastSaid = nil }
}
