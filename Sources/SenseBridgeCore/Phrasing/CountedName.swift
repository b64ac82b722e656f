/// How one reviewed sight name is said after a number word, in every locale: "two
/// chairs", "dos sillas", "hai cái ghế".
///
/// Reviewed, not derived: English and Spanish plurals have exceptions a rule gets wrong
/// ("people", "autobuses", "paraguas" unchanged), Spanish "muchos"/"muchas" agree with a
/// gender that only the reviewed article shows, and Vietnamese keeps the classifier of
/// the singular ("một cái ghế" → "hai cái ghế"), which no plural rule knows.
public struct CountedName: Equatable, Sendable {
    /// The vocabulary entry's identifier.
    public let identifier: String
    /// The plural without a determiner: "chairs".
    public let en: String
    /// The plural without a determiner: "sillas".
    public let es: String
    /// The Spanish gender, for the words that agree with it ("muchas sillas").
    public let esGender: SpokenGender
    /// Classifier and noun, without "một": "cái ghế".
    public let vi: String
    /// What a reviewer should know about the forms; never spoken.
    public let note: String

    public init(_ identifier: String, en: String, es: String, _ esGender: SpokenGender, vi: String, note: String) {
        self.identifier = identifier
        self.en = en
        self.es = es
        self.esGender = esGender
        self.vi = vi
        self.note = note
    }

    /// The form said after a number word in `locale`.
    public func plural(_ locale: SpokenLocale) -> String {
        switch locale {
        case .en: return en
        case .es: return es
        case .vi: return vi
        }
    }
}
