import Foundation
import SenseBridgeHost
import SenseBridgeCore

/// Checks that a network reply names only what was sent.
///
/// The rule: split the reply into words (letters and digits; everything else separates).
/// Every word must be either
/// - a word of a label that was sent, or its plural (+s, +es, y→ies) — for English only,
///   since label identifiers are English;
/// - a word of a localized name the host knows for a sent label (`vocabulary`), in the
///   target locale; or
/// - one of the locale's few connecting words (articles and "and"; Vietnamese
///   classifiers), listed below.
/// and at least one word must come from a label. Anything else — "gun" when "knife" and
/// "table" were sent, a number, "ahead", "dangerous", "with" — rejects the reply.
///
/// "with", "on" and "near" are deliberately absent: "a person with a knife" claims a
/// relation the detector never measured. The host passes `ReplyChecks.vocabulary`
/// (SenseBridgeCore's reviewed names); a label without a reviewed es or vi name cannot be
/// grounded in that language, so such a reply falls back to on-device.
///
/// This runs after the validator, not instead of it: the validator refuses the shapes of
/// a bad phrase (sentence, hedge, distance, danger); this refuses naming the wrong thing.
public enum ReplyGrounding {
    /// Localized names of a label (e.g. "chair" → ["silla", "sillas"] in es).
    public typealias Vocabulary = @Sendable (_ label: String, _ locale: SpokenLocale) -> [String]

    public static let noVocabulary: Vocabulary = { _, _ in [] }

    static func connectingWords(_ locale: SpokenLocale) -> Set<String> {
        switch locale {
        case .en: return ["a", "an", "the", "and"]
        case .es: return ["un", "una", "unos", "unas", "el", "la", "los", "las", "y", "e"]
        // Classifiers (cái, chiếc, con, quyển, cuốn, tờ, bức) precede nouns; "cây" is left
        // out because it is also the noun "tree".
        case .vi: return ["và", "một", "những", "các", "cái", "chiếc", "con", "quyển", "cuốn", "tờ", "bức"]
        }
    }

    /// nil when grounded; otherwise the reason, naming the first word that was not sent.
    public static func problem(reply: String, labels: [String], locale: SpokenLocale,
                               vocabulary: Vocabulary = noVocabulary) -> String? {
        let words = Self.words(reply)
        guard !words.isEmpty else { return "the reply names nothing" }
        var allowed = Set<String>()
        for label in labels {
            if locale == .en {
                for word in Self.words(label) { allowed.formUnion(inflections(word)) }
            }
            for form in vocabulary(label, locale) { allowed.formUnion(Self.words(form)) }
        }
        let connecting = connectingWords(locale)
        var namesSomething = false
        for word in words {
            if allowed.contains(word) {
                namesSomething = true
            } else if !connecting.contains(word) {
                return "the reply names '\(word)', which is not among the labels sent"
            }
        }
        return namesSomething ? nil : "the reply names none of the labels sent"
    }

    /// Lowercased words in canonical form; `_` and `-` separate, as in label identifiers.
    static func words(_ text: String) -> [String] {
        text.precomposedStringWithCanonicalMapping.lowercased()
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }

    static func inflections(_ word: String) -> Set<String> {
        var forms: Set<String> = [word, word + "s", word + "es"]
        if word.hasSuffix("y"), word.count > 1 { forms.insert(String(word.dropLast()) + "ies") }
        return forms
    }
}
