/// What `SceneNarrator` decided: the sentences to speak and an account of why.
public struct Narration: Equatable, Sendable {
    public var sentences: [NarratedSentence]
    public var report: NarrationReport

    /// The sentences' text in speaking order.
    public var spokenText: [String] { sentences.map(\.text) }
}

/// One hedged sentence, with where it came from.
public struct NarratedSentence: Equatable, Sendable {
    public enum Source: String, Equatable, Sendable {
        /// The composer's phrase passed every check.
        case composer
        /// The fallback's phrase replaced a refused or missing composer phrase.
        case fallback
    }

    public var stream: PerceptionStream
    /// The weakest certainty among `recordIndices`; it chose the hedge.
    public var certainty: Certainty
    public var text: String
    public var recordIndices: [Int]
    public var source: Source
}

/// Why a phrase was not spoken as the composer returned it.
public enum NarrationFailureReason: Equatable, Sendable {
    /// The phrase covered no records.
    case noRecords
    /// An index out of range, repeated, of another stream, or not offered to the fallback.
    case invalidRecordIndices
    /// A record an earlier phrase already named.
    case overlappingRecords
    /// A record below the precision floor or without a label: it may not be named.
    case coversUnnamedRecord
    /// More records than the detail level names.
    case tooManyLabels
    /// The validator refused the text.
    case rejectedPhrase(PhraseRejectionReason)
    /// The composer said nothing for a stream that had nameable records.
    case streamOmitted
}

/// Counts and reasons, for status disclosure and event logs. Holds no phrase text.
public struct NarrationReport: Equatable, Sendable {
    public struct Failure: Equatable, Sendable {
        public var stream: PerceptionStream
        /// Position in the composer's (or fallback's) list; nil for `streamOmitted`.
        public var phraseIndex: Int?
        public var reason: NarrationFailureReason
    }

    public var acceptedComposerPhrases = 0
    public var composerFailures: [Failure] = []
    public var fallbackPhrasesUsed = 0
    /// Fallback phrases that were themselves refused; their records go unsaid.
    public var fallbackFailures: [Failure] = []

    public init() {}
}
