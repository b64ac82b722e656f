/// One entry of a composer's result as the host received it, in the composer's order.
///
/// A phrase the ABI could not carry as text is kept in its place rather than dropped,
/// so the report can say which one it was and why, and its records still get said.
public enum ProposedPhrase: Equatable, Sendable {
    case phrase(SubjectPhrase)
    case unreadable(UnreadablePhrase)

    /// The phrase, when it was readable.
    public var phrase: SubjectPhrase? {
        if case .phrase(let phrase) = self { return phrase }
        return nil
    }

    public var stream: PerceptionStream? {
        switch self {
        case .phrase(let phrase): return phrase.stream
        case .unreadable(let unreadable): return unreadable.stream
        }
    }
}

/// A phrase whose text never reached the validator.
public struct UnreadablePhrase: Equatable, Sendable {
    public enum Reason: String, CaseIterable, Sendable, Codable {
        /// The text pointer was NULL.
        case nullText = "null-text"
        /// The bytes are not UTF-8.
        case invalidUTF8 = "invalid-utf8"
        /// Longer than the byte cap; refused without reading it.
        case tooLong = "too-long"
        /// A stream value this host does not know.
        case unknownStream = "unknown-stream"
        /// More record indices than any phrase may carry, or a NULL index array.
        case invalidIndices = "invalid-indices"
    }

    /// nil when the stream value itself was unknown.
    public var stream: PerceptionStream?
    public var recordIndices: [Int]
    public var reason: Reason

    public init(stream: PerceptionStream?, recordIndices: [Int], reason: Reason) {
        self.stream = stream
        self.recordIndices = recordIndices
        self.reason = reason
    }
}
