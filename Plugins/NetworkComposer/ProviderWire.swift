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

    /// The candidate phrase in a 2xx reply, read by Core's `ProviderReply` (the reading
    /// `make fuzz` exercises); a refusal keeps its reason code and message.
    static func phrase(from data: Data, provider: NetworkComposerConfig.Provider, format: ResponseFormat) throws -> String {
        let shape: ProviderReply.Shape = provider == .anthropic ? .anthropic : .openAICompatible
        do {
            return try ProviderReply.phrase(from: data, shape: shape, wantsJSON: format.wantsJSON, formatName: format.rawValue)
        } catch {
            throw PluginError(.network, reason: error.reason, error.message)
        }
    }
}
