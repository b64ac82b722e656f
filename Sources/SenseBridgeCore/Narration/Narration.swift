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
    /// The subject's number, which chose the hedge's agreement.
    public var number: GrammaticalNumber = .singular
    /// Where in the view every record it names is, said before the hedge; nil when it
    /// says no position (below the detailed level, a record without a box, sound, text).
    public var position: ViewPosition?
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
    /// The text passed the validator but does not match the records it covers.
    case ungrounded(GroundingFailure.Reason)
    /// The ABI could not carry the text (NULL, not UTF-8, over the byte cap).
    case unreadable(UnreadablePhrase.Reason)
    /// The composer said nothing for a stream that had nameable records.
    case streamOmitted
    /// The composer left out records the host would have named; the label list said them.
    case recordsOmitted

    /// The stable reason code for `describe --json` and logs, documented in
    /// docs/WRITING_PLUGINS.md. Never the phrase's content.
    public var code: String {
        switch self {
        case .noRecords: return "no-records"
        case .invalidRecordIndices: return "invalid-record-indices"
        case .overlappingRecords: return "overlapping-records"
        case .coversUnnamedRecord: return "covers-unnamed-record"
        case .tooManyLabels: return "too-many-labels"
        case .rejectedPhrase(let reason): return reason.code
        case .ungrounded(let reason): return reason.rawValue
        case .unreadable(let reason): return reason.rawValue
        case .streamOmitted: return "stream-omitted"
        case .recordsOmitted: return "records-omitted"
        }
    }
}

/// Counts and reasons, for status disclosure and event logs.
public struct NarrationReport: Equatable, Sendable {
    public struct Failure: Equatable, Sendable {
        public var stream: PerceptionStream
        /// Position in the composer's (or fallback's) list; nil for omitted records.
        public var phraseIndex: Int?
        public var reason: NarrationFailureReason
        /// The word that decided it: a validator list entry (our data), or the phrase's
        /// word or a record's label for grounding (content: never logged as public).
        public var word: String?

        public init(stream: PerceptionStream, phraseIndex: Int?, reason: NarrationFailureReason, word: String? = nil) {
            self.stream = stream
            self.phraseIndex = phraseIndex
            self.reason = reason
            self.word = word
        }
    }

    public var acceptedComposerPhrases = 0
    public var composerFailures: [Failure] = []
    public var fallbackPhrasesUsed = 0
    /// Fallback phrases that were themselves refused; their records go unsaid.
    public var fallbackFailures: [Failure] = []

    public init() {}
}
