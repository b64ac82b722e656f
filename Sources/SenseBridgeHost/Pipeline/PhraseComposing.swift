import Foundation
import SenseBridgeCore

/// Anything that composes subject phrases: a loaded composer plugin, or a fake in a test.
public protocol PhraseComposing: AnyObject, Sendable {
    func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                        deadline: UInt64) throws -> [SubjectPhrase]
    func cancel()
}

extension SceneComposerInstance: PhraseComposing {
    /// Phrases the ABI could not carry (bad UTF-8, unknown stream) are already dropped.
    public func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                               deadline: UInt64) throws -> [SubjectPhrase] {
        try compose(records: records, locale: locale, maximumWords: maximumWords, maximumLabels: maximumLabels,
                    deadline: deadline).phrases
    }
}
