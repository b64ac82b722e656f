/// One reviewed identifier with its phrase in every locale.
public struct VocabularyEntry: Equatable, Sendable {
    public let identifier: String
    /// Sight for objects, sound for sound classes.
    public let stream: PerceptionStream
    public let en: String
    public let es: String
    public let vi: String

    public init(_ identifier: String, _ stream: PerceptionStream, en: String, es: String, vi: String) {
        self.identifier = identifier
        self.stream = stream
        self.en = en
        self.es = es
        self.vi = vi
    }

    public func phrase(_ locale: SpokenLocale) -> String {
        switch locale {
        case .en: return en
        case .es: return es
        case .vi: return vi
        }
    }
}
