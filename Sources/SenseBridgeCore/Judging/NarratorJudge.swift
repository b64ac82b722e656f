import Foundation

/// Judges phrases exactly as a session will: through `SceneNarrator`, the host's one
/// enforcement point (record indices, label limits, `PhraseValidator` on the text,
/// `PhraseGrounding` against the records), plus the request's own limits the composer
/// was given.
///
/// A phrase the narrator refuses is not spoken as the composer wrote it; the harness
/// calls that a failure, because a composer whose phrases are routinely replaced by
/// the fallback is not doing its job, however safe the fallback keeps the user.
///
/// Two scopes, so each harness check reports one kind of fault: `.wording` is what the
/// phrase says and how (shape, words, limits); `.grounding` is whether it says what the
/// records are — names only covered records, names every one, drops none.
public struct NarratorJudge: CompositionJudging {
    public enum Scope: Sendable {
        case wording
        case grounding
    }

    public let scope: Scope

    public init(scope: Scope = .wording) {
        self.scope = scope
    }

    public func problems(with phrases: [SubjectPhrase], for request: PhraseRequest) -> [String] {
        let structural = scope == .wording ? StructuralJudge().problems(with: phrases, for: request) : []
        // A locale the host does not speak is never narrated; only the structure can be judged.
        guard let locale = SpokenLocale(identifier: request.locale) else { return structural }
        let narration = SceneNarrator.narrate(
            records: request.records,
            composerPhrases: phrases,
            locale: locale, detail: Self.detail(forMaximumLabels: request.maximumLabels))
        var problems: [String] = []
        var reported = Set<Int>()
        for failure in narration.report.composerFailures where Self.scope(of: failure.reason) == scope {
            guard let index = failure.phraseIndex, phrases.indices.contains(index) else {
                problems.append(omission(failure, narration: narration, records: request.records, phrases: phrases))
                continue
            }
            reported.insert(index)
            // Which records a phrase claims is half of a grounding fault ("a chair and a
            // door" is fine covering both, a lie covering one), so that scope says it.
            let covering = scope == .grounding ? " covering \(phrases[index].recordIndices)" : ""
            problems.append("phrase \(index) \"\(phrases[index].text.prefix(80))\"\(covering) would be refused by the host: \(Self.describe(failure))")
        }
        // Keep the request-limit findings for phrases the narrator did not already refuse.
        problems += structural.filter { line in
            !reported.contains { line.hasPrefix("phrase \($0) ") }
        }
        return problems
    }

    /// Which check reports a reason. An omitted stream or record is a grounding fault:
    /// the composer hid a detection the host would have said.
    static func scope(of reason: NarrationFailureReason) -> Scope {
        switch reason {
        case .ungrounded, .streamOmitted, .recordsOmitted: return .grounding
        default: return .wording
        }
    }

    /// The records the label list said that no phrase of the composer's covered: a
    /// refused phrase's records are replaced too, but the composer did not leave those out.
    private func omission(_ failure: NarrationReport.Failure, narration: Narration, records: [PerceptionRecord],
                          phrases: [SubjectPhrase]) -> String {
        let claimed = Set(phrases.flatMap(\.recordIndices))
        let said = narration.sentences.filter { $0.source == .fallback && $0.stream == failure.stream }.flatMap(\.recordIndices)
        let labels = said.filter { !claimed.contains($0) }.sorted().map { "\(records[$0].label) (record \($0))" }
        return "the composer left out \(labels.joined(separator: ", ")), which the host names; \(failure.reason.code)"
    }

    /// The detail level whose label limit the request carries; the host derives a
    /// request's limits from the user's detail setting.
    static func detail(forMaximumLabels labels: Int) -> SpokenDetail {
        SpokenDetail.allCases.sorted { $0.maximumLabels < $1.maximumLabels }.first { $0.maximumLabels >= labels } ?? .detailed
    }

    static func describe(_ failure: NarrationReport.Failure) -> String {
        let word = failure.word.map { " '\($0)'" } ?? ""
        let reason: String
        switch failure.reason {
        case .noRecords: reason = "it covers no records"
        case .invalidRecordIndices: reason = "its record indices are out of range, repeated or of another stream"
        case .overlappingRecords: reason = "it names a record an earlier phrase already named"
        case .coversUnnamedRecord: reason = "it names a record below the precision floor or without a label"
        case .tooManyLabels: reason = "it covers more labels than the detail level names"
        case .rejectedPhrase: reason = "the validator rejected it\(word)"
        case .ungrounded(.ungroundedWord): reason = "it says\(word), which is not a name of a record it covers"
        case .ungrounded(.uncoveredRecordNamed): reason = "it names\(word), a record it does not cover"
        case .ungrounded(.recordNotNamed): reason = "it covers\(word) without naming it"
        case .ungrounded(.wrongLanguage): reason = "it says\(word), a word of another language"
        case .ungrounded(.missingArticle): reason = "it says\(word) without an article"
        case .ungrounded(.pluralUnearned): reason = "it says\(word) in the plural, but fewer than two records it covers carry that name"
        case .ungrounded(.countUnearned):
            reason = "it says\(word), a count the records it covers do not hold: a number other than the records of the name it counts, "
                + "a number before a sound or before nothing, or a name of sight without its number over two or more records of it"
        case .unreadable: reason = "its text could not be read"
        case .streamOmitted, .recordsOmitted: reason = "records were left out"
        }
        return "\(reason) (\(failure.reason.code))"
    }
}
