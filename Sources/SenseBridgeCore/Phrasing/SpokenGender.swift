/// The grammatical gender a Spanish name has, so a word that agrees with it is chosen
/// from reviewed data ("muchos perros", "muchas sillas"), never guessed from spelling.
public enum SpokenGender: String, Sendable, Codable {
    case masculine
    case feminine
}
