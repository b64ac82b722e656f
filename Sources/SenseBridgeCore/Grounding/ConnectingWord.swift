/// A word a subject phrase may use between names without naming anything itself.
///
/// The grounding rule allows only names of covered records and these words, so each
/// one is a decision: it must claim nothing a detector did not report. "with", "on",
/// "near", "or" and "of" are absent on purpose: "a person with a knife" claims a relation
/// no detector measured, "a cat or a dog" a doubt the hedge already carries, "a pair of
/// chairs" a count no number word states. The number words two to ten (and "many") are
/// here as counts: each claims its number, which the covered records of the name it
/// introduces must hold exactly (`ConnectingWords+Counts`).
public struct ConnectingWord: Equatable, Sendable {
    public enum Role: Equatable, Sendable {
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
        /// A number word ("two", "dos", "hai"): claims exactly that many. Only before a
        /// name of sight whose covered records number exactly this (`ConnectingWords+Counts`).
        case count(Int)
        /// "many", "muchos", "nhiều": claims more than the largest number word the locale
        /// has, which only that many covered records of the name can back.
        case moreThan(Int)
    }

    public let word: String
    public let role: Role
    /// The gender of the names it may introduce, where the word agrees with it ("muchos"
    /// perros, "muchas" sillas); nil where it agrees with every name.
    public let agreement: SpokenGender?
    /// Why the word is allowed; read by reviewers, never spoken.
    public let note: String

    public init(_ word: String, _ role: Role, agreement: SpokenGender? = nil, note: String) {
        self.word = word
        self.role = role
        self.agreement = agreement
        self.note = note
    }

    /// Every role but a conjunction stands before a name and counts as its determiner.
    var isDeterminer: Bool { role != .conjunction }

    /// How many of the name it introduces the word claims, when it claims a number:
    /// exactly `count`, or more than `moreThan`.
    var claimedCount: ClaimedCount? {
        switch role {
        case .count(let number): return .exactly(number)
        case .moreThan(let number): return .moreThan(number)
        default: return nil
        }
    }
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
