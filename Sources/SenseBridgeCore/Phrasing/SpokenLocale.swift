/// The languages SenseBridge speaks. Locale changes wording only, never which
/// detections are named or how certain they sound.
public enum SpokenLocale: String, CaseIterable, Sendable, Codable {
    case en
    case es
    case vi

    /// Accepts "es", "es-MX", "es_ES.UTF-8"; nil for a language we do not speak.
    public init?(identifier: String) {
        let language = identifier.lowercased().prefix { $0.isLetter }
        guard let locale = SpokenLocale(rawValue: String(language)) else { return nil }
        self = locale
    }
}
