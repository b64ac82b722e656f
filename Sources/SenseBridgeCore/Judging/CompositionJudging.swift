import Foundation

/// Judges a composer's phrases for one request, the way the host will before it
/// speaks them. Injected so tests can judge with plain rules; the harness's default
/// is `NarratorJudge`, the host's own enforcement point, not a copy of its rules.
public protocol CompositionJudging: Sendable {
    /// Why each rejected phrase would be discarded; empty when all would be kept.
    func problems(with phrases: [SubjectPhrase], for request: PhraseRequest) -> [String]
}

/// What the validator needs to know of the request the phrases answer.
public struct PhraseRequest: Sendable {
    public var records: [PerceptionRecord]
    public var locale: String
    public var maximumWords: Int
    public var maximumLabels: Int

    public init(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int) {
        self.records = records
        self.locale = locale
        self.maximumWords = maximumWords
        self.maximumLabels = maximumLabels
    }
}
