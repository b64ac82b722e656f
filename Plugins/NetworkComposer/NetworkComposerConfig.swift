import Foundation
import SenseBridgePluginKit

/// The network composer's settings, as the host hands them over at create time.
///
/// The host fills `baseURL`, `model` and `provider` from the user's reasoning settings and
/// injects `apiKey` from the credentials file; a profile can never carry a key, because
/// the manifest marks `apiKey` secret and the host refuses secret keys from profiles.
struct NetworkComposerConfig {
    enum Provider: String, Decodable {
        /// OpenAI, NVIDIA NIM and self-hosted servers (Ollama, LM Studio, vLLM,
        /// llama.cpp): base URL, optional key and model name are the only differences.
        case openAICompatible = "openai-compatible"
        /// Anthropic's Messages API.
        case anthropic
    }

    var provider: Provider
    var baseURL: URL
    var model: String
    /// An upper bound; the request's deadline (about 4 s hands-free, 8 s describe) is
    /// usually shorter and wins.
    var timeoutSeconds: Double
    /// A reply is a few dozen bytes. Reading stops past this and the call fails, so a
    /// hostile or broken server cannot make the host buffer megabytes.
    var maxReplyBytes: Int
    /// The structured-output mode this instance asks for. Never trusted either way: the
    /// host's validator and grounding rule judge every reply.
    var responseFormat: ResponseFormat
    var apiKey: String?

    /// The config as decoded, before any check: a check's message then reaches the user
    /// as written, not wrapped in a decoding error.
    private struct Raw: Decodable {
        var provider: Provider?
        var baseURL: String?
        var model: String?
        var timeoutSeconds: Double?
        var maxReplyBytes: Int?
        var responseFormat: ResponseFormat?
        var apiKey: String?
    }

    init(_ config: PluginConfig) throws {
        let raw = try config.decode(Raw.self)
        provider = raw.provider ?? .openAICompatible
        model = raw.model ?? ""
        timeoutSeconds = raw.timeoutSeconds ?? 8
        maxReplyBytes = raw.maxReplyBytes ?? 65_536
        responseFormat = raw.responseFormat ?? .jsonSchema
        apiKey = raw.apiKey.flatMap { $0.isEmpty ? nil : $0 }
        baseURL = try Self.checkedBaseURL(raw.baseURL ?? "")
        try checkRest()
    }

    /// http or https with a host, and nothing that would smuggle a credential or
    /// change the route: no user info, query or fragment.
    static func checkedBaseURL(_ text: String) throws -> URL {
        guard !text.isEmpty else {
            throw PluginError.invalidConfig("Config key 'baseURL' is empty; choose a backend with 'sensebridge settings set reasoningBackend'.")
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
              let url = components.url else {
            throw PluginError.invalidConfig("Config key 'baseURL' must be an http:// or https:// address with a host.")
        }
        guard components.user == nil, components.password == nil else {
            throw PluginError.invalidConfig("Config key 'baseURL' must not contain a user name or password; store keys with 'sensebridge credentials set'.")
        }
        guard components.query == nil, components.fragment == nil else {
            throw PluginError.invalidConfig("Config key 'baseURL' must not contain a query or fragment.")
        }
        return url
    }

    private func checkRest() throws {
        guard !model.isEmpty, model.count <= 200, !model.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw PluginError.invalidConfig("Config key 'model' must name a model (1 to 200 printable characters).")
        }
        guard timeoutSeconds >= 0.1, timeoutSeconds <= 60 else {
            throw PluginError.invalidConfig("Config key 'timeoutSeconds' must be between 0.1 and 60.")
        }
        guard maxReplyBytes >= 1024, maxReplyBytes <= 1_048_576 else {
            throw PluginError.invalidConfig("Config key 'maxReplyBytes' must be between 1024 and 1048576.")
        }
        if let apiKey, apiKey.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value > 0x7E }) {
            // Never echo the key: say only what is wrong with it.
            throw PluginError.invalidConfig("Config key 'apiKey' contains spaces or characters outside printable ASCII.")
        }
    }

    /// The full address a request goes to.
    var endpoint: URL {
        let suffix = provider == .anthropic ? "v1/messages" : "chat/completions"
        var text = baseURL.absoluteString
        if !text.hasSuffix("/") { text += "/" }
        return URL(string: text + suffix)!
    }
}
