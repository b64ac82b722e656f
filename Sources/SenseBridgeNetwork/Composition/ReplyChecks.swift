import SenseBridgeHost
import SenseBridgeCore

/// The host's judgement of a phrase: nil when it may be spoken, otherwise why not.
/// Arguments: the phrase, the locale, the word ceiling. SenseBridgeCore's
/// `PhraseValidator` is the one wired in production.
public typealias ReplyTextCheck = @Sendable (_ phrase: String, _ locale: SpokenLocale, _ maximumWords: Int) -> String?

/// The judgements every network reply passes before it may be spoken.
public enum ReplyChecks {
    /// SenseBridgeCore's `PhraseValidator`: no sentence, hedge, number,
    /// distance, direction, danger or absence claim, within the word ceiling, in the
    /// requested language. The rejection names our rule (safe to log), never the phrase.
    public static let text: ReplyTextCheck = { phrase, locale, maximumWords in
        guard let rejection = PhraseValidator.validate(phrase, locale: locale, maximumWords: maximumWords).rejection else {
            return nil
        }
        return rejection.reason.rawValue + (rejection.matchedEntry.map { " ('\($0)')" } ?? "")
    }

    /// The reviewed localized names from `SpokenVocabulary`, so a Spanish or Vietnamese
    /// reply can be grounded ("una silla" for chair). A label with no reviewed entry
    /// cannot be grounded outside English, and its reply falls back to on-device.
    public static let vocabulary: ReplyGrounding.Vocabulary = { label, locale in
        SpokenVocabulary.entry(for: label).map { [$0.phrase(locale)] } ?? []
    }
}
