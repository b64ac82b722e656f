/// Whether a subject phrase names one thing or several, so the hedge around it agrees
/// ("there's a chair", "there are several chairs").
public enum GrammaticalNumber: String, Sendable, Codable {
    case singular
    case plural
}
