import Foundation

/// The candidate phrase in a provider's 2xx reply body, for the two reply shapes a
/// network composer speaks: OpenAI-compatible chat completions (`choices[0].message`)
/// and Anthropic's Messages API (`content` blocks, a `tool_use` of `subject_phrase` or
/// a text block).
///
/// In Core, not in the network composer plugin, so that the one reading of those bytes
/// is what the plugin runs and what `Fuzz/Targets/network-reply` fuzzes: a body from a
/// server is as untrusted as a plugin. It decides nothing about what may be said; the
/// phrase is only a candidate, judged by the validator and the grounding rule. A body of
/// the wrong shape is refused with a reason code, so a server that ignored the format is
/// told apart from one that sent garbage.
public enum ProviderReply {
    public enum Shape: Sendable, CaseIterable {
        case openAICompatible, anthropic
    }

    /// Why nothing from a reply was used: a stable code (docs/WRITING_PLUGINS.md) and a
    /// sentence for the user that quotes nothing from the body.
    public struct Refusal: Error, Equatable, Sendable {
        public let reason: String
        public let message: String
    }

    /// The longest phrase taken from a reply, in characters; the validator's word
    /// ceiling is far below it, so this only bounds the work done on a hostile reply.
    public static let maximumCharacters = 400

    /// - Parameters:
    ///   - wantsJSON: the request asked for structured output, so a bare phrase means
    ///     the server ignored the format (`format-ignored`) rather than an answer.
    ///   - formatName: the mode asked for, named in that refusal.
    public static func phrase(from data: Data, shape: Shape, wantsJSON: Bool, formatName: String) throws(Refusal) -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw malformed("the body is not a JSON object")
        }
        let text: String
        switch shape {
        case .openAICompatible:
            guard let choices = object["choices"] as? [Any], let first = choices.first as? [String: Any],
                  let message = first["message"] as? [String: Any] else {
                throw malformed("it has no choices[0].message")
            }
            guard let content = message["content"] as? String else {
                if message["refusal"] is String {
                    throw Refusal(reason: "model-refused", message: "The model declined to answer; nothing from it was used.")
                }
                throw malformed("choices[0].message.content is not text")
            }
            text = try phrase(inContent: content, wantsJSON: wantsJSON, formatName: formatName)
        case .anthropic:
            guard let blocks = object["content"] as? [Any] else { throw malformed("it has no content array") }
            let typed = blocks.compactMap { $0 as? [String: Any] }
            if let tool = typed.first(where: { $0["type"] as? String == "tool_use" }) {
                // Only the tool we offered carries the phrase; any other is not an answer.
                guard tool["name"] as? String == "subject_phrase" else { throw malformed("the tool_use block is not subject_phrase") }
                guard let input = tool["input"] as? [String: Any], let phrase = input["phrase"] as? String else {
                    throw malformed("the tool_use block has no text 'phrase'")
                }
                text = phrase
            } else if let block = typed.first(where: { $0["type"] as? String == "text" }), let content = block["text"] as? String {
                text = try phrase(inContent: content, wantsJSON: wantsJSON, formatName: formatName)
            } else {
                throw malformed("it has neither a tool_use nor a text block")
            }
        }
        let phrase = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !phrase.isEmpty else {
            throw Refusal(reason: "empty-reply", message: "The provider's reply held no phrase; nothing from it was used.")
        }
        guard phrase.count <= maximumCharacters else {
            throw malformed("the phrase is longer than \(maximumCharacters) characters")
        }
        return phrase
    }

    /// A model's message content: a bare phrase is a phrase only when no JSON was asked
    /// for; in a JSON mode it is `format-ignored`, so the host asks in the next mode.
    static func phrase(inContent content: String, wantsJSON: Bool, formatName: String) throws(Refusal) -> String {
        switch ModelReplyText.read(content) {
        case .json(let phrase):
            return phrase
        case .malformed(let why):
            throw malformed(why)
        case .bare(let phrase):
            guard !wantsJSON else {
                throw Refusal(reason: "format-ignored",
                              message: "The provider ignored the structured output requested (\(formatName)): its reply is not JSON; nothing from it was used.")
            }
            return phrase
        }
    }

    static func malformed(_ why: String) -> Refusal {
        Refusal(reason: "malformed-reply", message: "The provider's reply was malformed (\(why)); nothing from it was used.")
    }
}
