/// One reviewed identifier with its phrase in every locale.
public struct VocabularyEntry: Equatable, Sendable {
    public let identifier: String
    /// Sight for objects, sound for sound classes.
    public let stream: PerceptionStream
    public let en: String
    public let es: String
    public let vi: String
    /// The locales whose reviewed phrase is grammatically plural ("some stairs", "unas
    /// pisadas"). Reviewed with the phrase, not guessed from its spelling, because the
    /// hedge must agree with it ("there are some stairs") and "glass breaking" or
    /// "applause" end like plurals in no reliable way.
    public let pluralIn: Set<SpokenLocale>
    /// Why a word was chosen where the choice is not obvious (a device named apart from
    /// an animal, a word the validator would refuse); never spoken. Empty where the
    /// phrase is the everyday name in every locale.
    public let note: String

    public init(_ identifier: String, _ stream: PerceptionStream, en: String, es: String, vi: String,
                pluralIn: Set<SpokenLocale> = [], note: String = "") {
        self.identifier = identifier
        self.stream = stream
        self.en = en
        self.es = es
        self.vi = vi
        self.pluralIn = pluralIn
        self.note = note
    }

    public func phrase(_ locale: SpokenLocale) -> String {
        switch locale {
        case .en: return en
        case .es: return es
        case .vi: return vi
        }
    }

    /// The grammatical number of the reviewed phrase in `locale`.
    public func number(_ locale: SpokenLocale) -> GrammaticalNumber {
        pluralIn.contains(locale) ? .plural : .singular
    }
}
