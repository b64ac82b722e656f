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

/// The host's judgement of a phrase: nil when it may be spoken, otherwise why not.
/// Arguments: the phrase, the locale, the word ceiling. SenseBridgeCore's
/// `ReasoningOutputValidator` is the one wired in production.
public typealias ReplyValidator = @Sendable (_ phrase: String, _ locale: SpokenLocale, _ maximumWords: Int) -> String?
