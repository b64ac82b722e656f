import Foundation

/// Judges phrases exactly as a session will: through `SceneNarrator`, the host's one
/// enforcement point (record indices, label limits, and `PhraseValidator` on
/// the text), plus the request's own limits the composer was given.
///
/// A phrase the narrator refuses is not spoken as the composer wrote it; the harness
/// calls that a failure, because a composer whose phrases are routinely replaced by
/// the fallback is not doing its job, however safe the fallback keeps the user.
public struct NarratorJudge: CompositionJudging {
    public init() {}

    public func problems(with phrases: [SubjectPhrase], for request: PhraseRequest) -> [String] {
        let structural = StructuralJudge().problems(with: phrases, for: request)
        // A locale the host does not speak is never narrated; only the structure can be judged.
        guard let locale = SpokenLocale(identifier: request.locale) else { return structural }
        let narration = SceneNarrator.narrate(
            records: request.records,
            composerPhrases: phrases,
            locale: locale, detail: Self.detail(forMaximumLabels: request.maximumLabels))
        var problems: [String] = []
        var reported = Set<Int>()
        for failure in narration.report.composerFailures {
            // An omitted stream is the composer's choice (an unknown label may be left
            // unnamed); the host fills it from the label list. Only refusals count.
            guard let index = failure.phraseIndex, phrases.indices.contains(index) else { continue }
            reported.insert(index)
            problems.append("phrase \(index) \"\(phrases[index].text.prefix(80))\" would be refused by the host: \(Self.describe(failure.reason))")
        }
        // Keep the request-limit findings for phrases the narrator did not already refuse.
        problems += structural.filter { line in
            !reported.contains { line.hasPrefix("phrase \($0) ") }
        }
        return problems
    }

    /// The detail level whose label limit the request carries; the host derives a
    /// request's limits from the user's detail setting.
    static func detail(forMaximumLabels labels: Int) -> SpokenDetail {
        SpokenDetail.allCases.sorted { $0.maximumLabels < $1.maximumLabels }.first { $0.maximumLabels >= labels } ?? .detailed
    }

    static func describe(_ reason: NarrationFailureReason) -> String {
        switch reason {
        case .noRecords: return "it covers no records"
        case .invalidRecordIndices: return "its record indices are out of range, repeated or of another stream"
        case .overlappingRecords: return "it names a record an earlier phrase already named"
        case .coversUnnamedRecord: return "it names a record below the precision floor or without a label"
        case .tooManyLabels: return "it covers more records than the detail level names"
        case .rejectedPhrase(let rejection): return "the validator rejected it (\(rejection.rawValue))"
        case .streamOmitted: return "the stream was omitted"
        }
    }
}
