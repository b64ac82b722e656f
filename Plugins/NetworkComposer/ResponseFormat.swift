/// How a request asks the model for its reply's shape. The host negotiates the mode per
/// endpoint and model (a server that refuses one is asked in the next), so this plugin
/// sends exactly the mode it was created with and reports a refusal as
/// `schema-unsupported` or `format-ignored` rather than guessing on its own.
enum ResponseFormat: String, Decodable, CaseIterable {
    /// `response_format: json_schema` (OpenAI, vLLM, recent Ollama); for Anthropic, a
    /// forced tool call with the same schema.
    case jsonSchema = "json_schema"
    /// `response_format: json_object` with the schema beside it, which llama-cpp-python
    /// uses to constrain decoding and other servers ignore.
    case jsonObject = "json_object"
    /// No response_format at all: the model is asked for the bare phrase.
    case text

    /// A JSON reply is required in the structured modes; text mode also takes a bare phrase.
    var wantsJSON: Bool { self != .text }
}
