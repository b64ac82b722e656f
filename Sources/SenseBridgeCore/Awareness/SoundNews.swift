/// Which of the sounds heard now are news, for listening's descriptions (safety sounds
/// are `SoundAlerts`' and never pass through here).
///
/// A classifier scores a voice 0.45, then 0.72, then 0.81 over three quarter-second
/// blocks: each score picks another hedge, and describing every change said "someone
/// speaking" five times in four seconds, which a person learns to ignore (Invariant 7).
/// So the unit of news is the sound, not its sentence: a description is said when a sound
/// above the naming floor is heard that was not heard above it in the last
/// `forgetSeconds`, and then it names every sound heard now, so the new one comes with
/// what it is heard among. A sound that only grows surer, dips below the floor for a
/// moment or goes on is not said again; one back after `forgetSeconds` of not being heard
/// is news again.
///
/// Absence is never said: a sound no longer heard simply stops being named (Invariant 2),
/// and a block with nothing above the floor says nothing.
///
/// Pure: records and times in, what to describe out.
public struct SoundNews: Sendable {
    /// Five seconds: longer than the pauses between a conversation's sentences and a dog's
    /// barks, short enough that a doorbell rung twice a minute apart is said twice.
    public static let defaultForgetSeconds = 5.0

    public let forgetSeconds: Double
    /// Per label, the end of the last block it was heard above the floor (ns).
    private var lastHeard: [String: UInt64] = [:]

    public init(forgetSeconds: Double = defaultForgetSeconds) {
        precondition(forgetSeconds >= 0, "a forgetting time cannot be negative")
        self.forgetSeconds = forgetSeconds
    }

    /// The sounds to describe for a block that ends at `until` (host monotonic ns, or the
    /// position in a file), or nil when nothing heard in it is news.
    public mutating func news(in records: [PerceptionRecord], until: UInt64) -> [PerceptionRecord]? {
        let named = records.filter { $0.kind == .sound && Certainty(confidence: $0.confidence) != nil }
        let window = UInt64(forgetSeconds * 1e9)
        let fresh = named.contains { record in
            guard let last = lastHeard[record.label] else { return true }
            return until > last &+ window
        }
        for record in named { lastHeard[record.label] = until }
        return fresh ? named : nil
    }
}
