import Foundation
import SenseBridgeCore

/// What the model is asked. The prompt is a quality measure, not the safety mechanism:
/// a server we do not run may ignore every word of it, so the host's validator and
/// grounding check judge each reply whatever the prompt said.
enum CompositionPrompt {
    /// The JSON schema requested where a provider supports structured output; computed,
    /// because a `[String: Any]` is not Sendable and so cannot be a shared constant.
    static var schema: [String: Any] { [
        "type": "object",
        "properties": ["phrase": ["type": "string", "description": "A bare noun phrase naming the listed objects."]],
        "required": ["phrase"],
        "additionalProperties": false,
    ] }

    static func instructions(locale: SpokenLocale, maximumWords: Int, format: ResponseFormat = .jsonSchema) -> String {
        // Text mode asks for the phrase alone: a model told to write JSON with nothing
        // enforcing it tends to wrap the JSON in prose, which costs the reply.
        let shape = format.wantsJSON ? #"Reply only with JSON of the form {"phrase": "..."}."#
                                     : "Reply with the noun phrase only: no quotes, no JSON, no other words."
        return """
        You write the subject of a scene description for a blind person. The user message is a JSON array \
        of object names that a camera detected. Reply with one noun phrase in \(languageName(locale)) that \
        names those objects, for example \(example(locale)). Use at most \(maximumWords) words. Name only \
        objects from the list and nothing else. Do not write a sentence or use a verb. Do not add a hedge \
        (such as "maybe" or "it looks like"), a number, a distance, a direction, a colour, a warning or any \
        danger. \(shape)
        """
    }

    /// The user message: the labels and nothing else, as a JSON array so a label can
    /// never be read as an instruction boundary.
    static func userContent(labels: [String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: labels, options: [.withoutEscapingSlashes])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Stating the language explicitly matters: without it an es or vi listener hears an
    /// English phrase inside a Spanish or Vietnamese hedge.
    static func languageName(_ locale: SpokenLocale) -> String {
        switch locale {
        case .en: return "English"
        case .es: return "Spanish"
        case .vi: return "Vietnamese"
        }
    }

    static func example(_ locale: SpokenLocale) -> String {
        switch locale {
        case .en: return "\"a chair and a table\""
        case .es: return "\"una silla y una mesa\""
        case .vi: return "\"một cái ghế và một cái bàn\""
        }
    }
}
