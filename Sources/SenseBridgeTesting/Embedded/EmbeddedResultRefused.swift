/// Thrown by an embedded host for a result the real host would refuse whole: a perceive
/// result beyond the header's caps. The host then treats the picture or the sound as
/// unread, never as empty, so the test gets an error, not records to look at.
public struct EmbeddedResultRefused: Error, CustomStringConvertible, Equatable, Sendable {
    /// The rule broken, as the host's codec words it; never the recognized text.
    public var problem: String

    public var description: String { "The host would refuse this result: \(problem)." }
}
