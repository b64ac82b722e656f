import Foundation
import SenseBridgeCore

/// Anything that composes subject phrases: a loaded composer plugin, or a fake in a test.
public protocol PhraseComposing: AnyObject, Sendable {
    func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                        deadline: UInt64) throws -> [SubjectPhrase]
    /// The result as it arrived, unreadable entries in their places, so the narrator can
    /// report each one. A composer whose phrases are always readable need not provide it.
    func proposePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                        deadline: UInt64) throws -> [ProposedPhrase]
    func cancel()
}

extension PhraseComposing {
    public func proposePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                               deadline: UInt64) throws -> [ProposedPhrase] {
        try composePhrases(records: records, locale: locale, maximumWords: maximumWords, maximumLabels: maximumLabels,
                           deadline: deadline).map(ProposedPhrase.phrase)
    }
}

extension SceneComposerInstance: PhraseComposing {
    /// The readable phrases alone; unreadable entries are dropped.
    public func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                               deadline: UInt64) throws -> [SubjectPhrase] {
        try proposePhrases(records: records, locale: locale, maximumWords: maximumWords, maximumLabels: maximumLabels,
                           deadline: deadline).compactMap(\.phrase)
    }

    public func proposePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                               deadline: UInt64) throws -> [ProposedPhrase] {
        try compose(records: records, locale: locale, maximumWords: maximumWords, maximumLabels: maximumLabels,
                    deadline: deadline)
    }
}
