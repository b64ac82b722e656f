/// Why the validator refused a subject phrase.
///
/// Raw values are stable identifiers for event logs: they name our rule, never the
/// phrase's content, so they are safe to log at any level.
public enum PhraseRejectionReason: String, CaseIterable, Sendable, Codable {
    /// Nothing left after trimming.
    case empty
    /// Longer in bytes than `PhraseValidator.maximumBytes(forWords:)`: refused before
    /// any parsing, so a 10 MB "phrase" costs nothing.
    case tooLong
    /// More words than the ceiling for the labels it covers.
    case tooManyWords
    /// Control, format (zero-width) or line-break characters.
    case controlCharacter
    /// Digits of any script, or a spelled number other than the count words two to ten,
    /// which the grounding rule checks against the records instead.
    case number
    /// Markup, URL or symbol characters.
    case markup
    /// Quotation marks: a quoted phrase is speech put in the host's mouth.
    case quotation
    /// A whole sentence: subject-verb opening, sentence punctuation, several sentences.
    case sentence
    /// Letters of another script, or plainly another language than the one requested.
    case wrongLanguage
    /// A certainty claim ("definitely"): certainty is the detector's to earn.
    case certainty
    /// A hedge word: the host supplies the hedge from the detector's confidence.
    case hedge
    /// A unit or distance claim ("feet", "near", "away"): only depth measures distance.
    case distance
    /// A direction or position claim ("left", "ahead"): only the host names a side, from
    /// what was measured (depth zones, a detector's boxes at the detailed level).
    case direction
    /// A danger or safety claim ("dangerous", "clear", "stop").
    case danger
    /// An absence claim ("nothing", "empty"): absence is never inferred.
    case absence
}

extension PhraseRejectionReason {
    /// The stable reason code shown in `describe --json` and logs (docs/WRITING_PLUGINS.md).
    public var code: String {
        switch self {
        case .empty: return "empty"
        case .tooLong: return "too-long"
        case .tooManyWords: return "too-many-words"
        case .controlCharacter: return "control-character"
        case .number: return "number"
        case .markup: return "markup"
        case .quotation: return "quotation"
        case .sentence: return "sentence"
        case .wrongLanguage: return "wrong-language"
        case .certainty: return "certainty"
        case .hedge: return "hedge"
        case .distance: return "distance"
        case .direction: return "direction"
        case .danger: return "danger"
        case .absence: return "absence"
        }
    }
}

/// A refusal: the reason, and for word-list rules the list entry that matched (our
/// data, not the phrase, so it can be logged).
public struct PhraseRejection: Error, Equatable, Sendable {
    public let reason: PhraseRejectionReason
    public let matchedEntry: String?

    public init(_ reason: PhraseRejectionReason, matchedEntry: String? = nil) {
        self.reason = reason
        self.matchedEntry = matchedEntry
    }
}

/// The validator's answer: the normalized phrase to speak, or why not.
public enum PhraseVerdict: Equatable, Sendable {
    /// The phrase as it must be spoken: NFKC-normalized, whitespace collapsed.
    case accepted(String)
    case rejected(PhraseRejection)

    public var acceptedPhrase: String? {
        if case let .accepted(phrase) = self { return phrase }
        return nil
    }

    public var rejection: PhraseRejection? {
        if case let .rejected(rejection) = self { return rejection }
        return nil
    }
}
