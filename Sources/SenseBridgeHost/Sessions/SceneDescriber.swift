import Foundation
import SenseBridgeCore

/// Describes one moment: the composer proposes subject phrases, the narrator judges
/// every one of them, and what is said comes only from the narrator.
///
/// The composer is untrusted (it may be a third party's library or a remote model):
/// a failure, a timeout or a malformed result falls back to the fallback composer for
/// the whole moment, and a phrase the narrator refuses falls back for its own records.
/// If even the fallback plugin fails, the built-in label list speaks: the host is
/// never silent because a plugin broke.
public struct SceneDescriber: Sendable {
    public var composer: SceneComposerInstance
    public var fallback: SceneComposerInstance?
    public var locale: SpokenLocale
    public var detail: SpokenDetail
    /// How long the composer may take; one-shot description affords more than a walk.
    public var timeout: TimeInterval

    public init(composer: SceneComposerInstance, fallback: SceneComposerInstance?, locale: SpokenLocale,
                detail: SpokenDetail, timeout: TimeInterval = 8) {
        self.composer = composer
        self.fallback = fallback
        self.locale = locale
        self.detail = detail
        self.timeout = timeout
    }

    public struct Outcome: Sendable {
        public var narration: Narration
        /// Set when the composer failed as a whole (not a refused phrase); no phrase text.
        public var composerError: String?
        /// The measurement sentence for depth records, when there were any.
        public var measurement: String?

        public var sentences: [String] { narration.spokenText + (measurement.map { [$0] } ?? []) }
    }

    public func describe(_ records: [PerceptionRecord]) -> Outcome {
        var composerError: String?
        var phrases: [SubjectPhrase] = []
        do {
            phrases = try compose(with: composer, records)
        } catch {
            composerError = String(describing: error)
        }
        return describe(records, proposed: phrases, composerError: composerError)
    }

    /// For a caller that already composed (the network resolver, which asks the network
    /// and on-device composers itself): the same judging, fallback and measurement.
    public func describe(_ records: [PerceptionRecord], proposed phrases: [SubjectPhrase], composerError: String?) -> Outcome {
        let fallbackPhrases = NarrationFallback { records, stream, indices in
            self.fallbackPhrases(records, stream: stream, indices: indices)
        }
        let narration = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: locale,
                                              detail: detail, fallback: fallbackPhrases)
        return Outcome(narration: narration, composerError: composerError, measurement: measurement(records))
    }

    private func compose(with instance: SceneComposerInstance, _ records: [PerceptionRecord]) throws -> [SubjectPhrase] {
        let deadline = MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
        let result = try instance.compose(
            records: records, locale: locale.rawValue,
            maximumWords: detail.maximumPhraseWords(labelCount: detail.maximumLabels),
            maximumLabels: detail.maximumLabels, deadline: deadline)
        return result.phrases
    }

    /// Replacement phrases for the records at `indices`, from the fallback plugin asked
    /// about exactly those records; the built-in label list when it fails.
    private func fallbackPhrases(_ records: [PerceptionRecord], stream: PerceptionStream, indices: [Int]) -> [SubjectPhrase] {
        let builtIn = { LabelListComposition.compose(records: records, locale: locale, detail: detail, considering: indices)
            .filter { $0.stream == stream } }
        guard let fallback else { return builtIn() }
        let subset = indices.map { records[$0] }
        guard let phrases = try? compose(with: fallback, subset) else { return builtIn() }
        let mapped = phrases.filter { $0.stream == stream }.map { phrase in
            SubjectPhrase(stream: phrase.stream, text: phrase.text,
                          recordIndices: phrase.recordIndices.compactMap { subset.indices.contains($0) ? indices[$0] : nil })
        }
        // A fallback plugin is a plugin too: if it says nothing usable, the built-in
        // list speaks, rather than the narrator dropping the stream into silence.
        let ceiling = detail.maximumPhraseWords(labelCount: detail.maximumLabels)
        let usable = !mapped.isEmpty && mapped.allSatisfy { phrase in
            !phrase.recordIndices.isEmpty
                && ReasoningOutputValidator.validate(phrase.text, locale: locale, maximumWords: ceiling).acceptedPhrase != nil
        }
        return usable ? mapped : builtIn()
    }

    /// The nearest depth reading, said as a measurement; never "clear" or "nothing".
    private func measurement(_ records: [PerceptionRecord]) -> String? {
        let distances = records.filter { $0.kind == .depth }.compactMap(\.distanceMetres)
        guard !records.filter({ $0.kind == .depth }).isEmpty else { return nil }
        guard let nearest = distances.min() else { return Phrasing.couldNotMeasure(locale: locale) }
        return Phrasing.nearestMeasurement(atDistance: nearest, locale: locale)
    }
}
