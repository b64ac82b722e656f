import Foundation
import SenseBridgePluginKit

/// Turns an exchange that did not yield a phrase into the one sentence a user hears
/// from `composer test-connection`. Nothing the server sent is quoted: a provider's
/// error text may echo the request, and the request holds what the camera saw.
enum HTTPFailure {
    static func error(for outcome: HTTPExchange.Outcome, seconds: Double, model: String, format: ResponseFormat) -> PluginError? {
        switch outcome {
        case .response(let status, let body):
            return status >= 200 && status < 300 ? nil : Self.error(status: status, body: body, model: model, format: format)
        case .timedOut:
            return PluginError(.timeout, reason: "timeout", "The provider did not reply within \(Self.format(seconds)) seconds; the request was abandoned and not retried.")
        case .cancelled:
            return PluginError.cancelled
        case .unreachable(let why):
            return PluginError(.network, reason: "unreachable", "The provider is unreachable: \(why). Check the address and this machine's network.")
        case .droppedMidBody(let status):
            return PluginError(.network, reason: "dropped", "The connection dropped in the middle of the provider's reply (HTTP \(status)); nothing from it was used.")
        case .tooLarge(let limit):
            return PluginError(.network, reason: "too-large", "The provider's reply was larger than \(limit) bytes; SenseBridge stopped reading it and used none of it.")
        }
    }

    static func error(status: Int, body: Data, model: String, format: ResponseFormat) -> PluginError {
        if format != .text, refusesResponseFormat(status: status, body: body) {
            return PluginError(.network, reason: "schema-unsupported",
                               "The provider refused the structured-output mode \(format.rawValue) (HTTP \(status)).")
        }
        let reason = "http-\(status)"
        switch status {
        case 300..<400:
            return PluginError(.network, reason: reason, "The provider answered with a redirect (\(status)); SenseBridge never follows redirects, so set the final address as the base URL.")
        case 400:
            return PluginError(.network, reason: reason, "The provider rejected the request as invalid (400); a self-hosted server may not support this model.")
        case 401:
            return PluginError(.network, reason: reason, "The provider rejected the API key (401); store a valid key with 'sensebridge credentials set'.")
        case 403:
            return PluginError(.network, reason: reason, "The provider refused access (403); the API key may lack permission for model '\(model)'.")
        case 404:
            if mentionsModel(body) {
                return PluginError(.network, reason: reason, "The provider does not know the model '\(model)' (404); choose a model it serves.")
            }
            return PluginError(.network, reason: reason, "The provider has no chat endpoint at this address (404); check the base URL.")
        case 408:
            return PluginError(.timeout, reason: reason, "The provider timed out the request (408); it was not retried.")
        case 413:
            return PluginError(.network, reason: reason, "The provider refused the request as too large (413).")
        case 429:
            return PluginError(.network, reason: reason, "The provider is rate limiting requests (429); wait a while or raise the limit on your account.")
        case 500..<600:
            return PluginError(.network, reason: reason, "The provider had a server error (\(status)); it was not retried.")
        default:
            return PluginError(.network, reason: reason, "The provider answered with HTTP \(status), which SenseBridge does not use.")
        }
    }

    /// A 4xx or 5xx whose body names the response format: llama-cpp-python answers a
    /// json_schema request 500 with its validation error, others 400 or 422. An auth,
    /// not-found or rate-limit status is about something else whatever it says. The body
    /// is only looked at, never quoted.
    static func refusesResponseFormat(status: Int, body: Data) -> Bool {
        guard (400..<600).contains(status), ![401, 403, 404, 408, 429].contains(status) else { return false }
        let text = String(decoding: body.prefix(8192), as: UTF8.self).lowercased()
        return ["response_format", "json_schema", "json_object", "responseformat"].contains { text.contains($0) }
    }

    /// OpenAI, Ollama and Anthropic all say "model" in a 404 for an unknown model; a
    /// wrong path gets a generic not-found page instead. Only looked at, never quoted.
    private static func mentionsModel(_ body: Data) -> Bool {
        String(decoding: body.prefix(4096), as: UTF8.self).lowercased().contains("model")
    }

    /// "4", "1.5": a deadline measured a hair under 4 s is still "4 seconds" to a person.
    static func format(_ seconds: Double) -> String {
        let text = String(format: "%.1f", seconds)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
