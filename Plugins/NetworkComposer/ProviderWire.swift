import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// The two wire formats: how a request is written and where the phrase sits in a reply.
enum ProviderWire {
    /// The request body, headers excluded. Only the labels carry anything perceived.
    static func body(for config: NetworkComposerConfig, labels: [String], locale: SpokenLocale, maximumWords: Int) -> Data {
        let format = config.responseFormat
        let instructions = CompositionPrompt.instructions(locale: locale, maximumWords: maximumWords, format: format)
        let user = CompositionPrompt.userContent(labels: labels)
        var object: [String: Any]
        switch config.provider {
        case .openAICompatible:
            object = [
                "model": config.model,
                "messages": [["role": "system", "content": instructions], ["role": "user", "content": user]],
                "max_tokens": 64, "temperature": 0, "stream": false,
            ]
            switch format {
            case .jsonSchema:
                object["response_format"] = ["type": "json_schema",
                                             "json_schema": ["name": "subject_phrase", "strict": true, "schema": CompositionPrompt.schema]]
            case .jsonObject:
                object["response_format"] = ["type": "json_object", "schema": CompositionPrompt.schema]
            case .text:
                break
            }
        case .anthropic:
            object = [
                "model": config.model, "max_tokens": 64, "temperature": 0, "system": instructions,
                "messages": [["role": "user", "content": user]],
            ]
            if format == .jsonSchema {
                // Forcing one tool is how the Messages API constrains a reply's shape.
                object["tools"] = [["name": "subject_phrase", "description": "Report the noun phrase.",
                                    "input_schema": CompositionPrompt.schema]]
                object["tool_choice"] = ["type": "tool", "name": "subject_phrase"]
            }
        }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    static func headers(for config: NetworkComposerConfig) -> [String: String] {
        var headers = ["Content-Type": "application/json", "Accept": "application/json"]
        switch config.provider {
        case .openAICompatible:
            if let key = config.apiKey { headers["Authorization"] = "Bearer \(key)" }
        case .anthropic:
            headers["anthropic-version"] = "2023-06-01"
            if let key = config.apiKey { headers["x-api-key"] = key }
        }
        return headers
    }

    /// The candidate phrase in a 2xx reply. Whatever comes back is only a candidate: the
    /// host judges it. A reply whose shape is wrong fails with a reason code, so the host
    /// can tell a server that ignored the format from one that sent garbage.
    static func phrase(from data: Data, provider: NetworkComposerConfig.Provider, format: ResponseFormat) throws -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw malformed("the body is not a JSON object")
        }
        let text: String
        switch provider {
        case .openAICompatible:
            guard let choices = object["choices"] as? [Any], let first = choices.first as? [String: Any],
                  let message = first["message"] as? [String: Any] else {
                throw malformed("it has no choices[0].message")
            }
            guard let content = message["content"] as? String else {
                if message["refusal"] is String {
                    throw PluginError(.network, reason: "model-refused", "The model declined to answer; nothing from it was used.")
                }
                throw malformed("choices[0].message.content is not text")
            }
            text = try ReplyReading.phrase(inContent: content, format: format)
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
                text = try ReplyReading.phrase(inContent: content, format: format)
            } else {
                throw malformed("it has neither a tool_use nor a text block")
            }
        }
        let phrase = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !phrase.isEmpty else {
            throw PluginError(.network, reason: "empty-reply", "The provider's reply held no phrase; nothing from it was used.")
        }
        guard phrase.count <= 400 else { throw malformed("the phrase is longer than 400 characters") }
        return phrase
    }

    static func malformed(_ why: String) -> PluginError {
        PluginError(.network, reason: "malformed-reply", "The provider's reply was malformed (\(why)); nothing from it was used.")
    }
}
