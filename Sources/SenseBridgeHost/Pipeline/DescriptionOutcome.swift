import SenseBridgeCore

/// What one moment's description came to: what is said, and what the person or a
/// terminal should know about how it was made.
public struct DescriptionOutcome: Sendable {
    public var narration: Narration
    /// Set when the composer failed as a whole (not a refused phrase); no phrase text.
    public var composerError: String?
    /// The measurement sentence for depth records, when there were any.
    public var measurement: String?
    /// State changes to say now, each once (network backend failing, recovered, budget).
    public var announcements: [StatusAnnouncement] = []
    /// Why the network's phrase was not used; for a terminal, never spoken or logged as public.
    public var networkFailure: String?

    public var sentences: [String] { narration.spokenText + (measurement.map { [$0] } ?? []) }
}
