/// A word a subject phrase may use between names without naming anything itself.
///
/// The grounding rule allows only names of covered records and these words, so each
/// one is a decision: it must claim nothing a detector did not report. "with", "on",
/// "near", "or" and "of" are absent on purpose: "a person with a knife" claims a relation
/// no detector measured, "a cat or a dog" a doubt the hedge already carries, "a pair of
/// chairs" a count.
public struct ConnectingWord: Equatable, Sendable {
    public enum Role: Sendable {
        /// Introduces one name: "a", "una", "một".
        case article
        /// Joins names: "and", "y", "và".
        case conjunction
        /// A Vietnamese classifier, chosen by the kind of thing ("cái", "con").
        case classifier
        /// A quantity with no number in it that claims nothing about how many: "some".
        case quantity
        /// A quantity that claims more than one ("several"): the host requires two or
        /// more covered records with the name it introduces.
        case pluralQuantity
    }

    public let word: String
    public let role: Role
    /// Why the word is allowed; read by reviewers, never spoken.
    public let note: String

    public init(_ word: String, _ role: Role, note: String) {
        self.word = word
        self.role = role
        self.note = note
    }

    /// Every role but a conjunction stands before a name and counts as its determiner.
    var isDeterminer: Bool { role != .conjunction }
}

/// The connecting words of one locale, reviewed as data like the hedge tables.
public struct ConnectingWords: Sendable {
    public let locale: SpokenLocale
    public let words: [ConnectingWord]
    private let byKey: [String: ConnectingWord]

    init(locale: SpokenLocale, _ words: [ConnectingWord]) {
        self.locale = locale
        self.words = words
        var byKey: [String: ConnectingWord] = [:]
        for word in words {
            let key = GroundingText.key(word.word, locale: locale)
            precondition(byKey[key] == nil, "duplicate connecting word \(word.word) in \(locale)")
            byKey[key] = word
        }
        self.byKey = byKey
    }

    public static func forLocale(_ locale: SpokenLocale) -> ConnectingWords {
        switch locale {
        case .en: return .en
        case .es: return .es
        case .vi: return .vi
        }
    }

    /// The connecting word a phrase word is, compared as `GroundingText.key` compares.
    func word(matching key: String) -> ConnectingWord? { byKey[key] }
}
