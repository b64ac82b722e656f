/// The three ways a request can ask for a reply's shape, strictest first: the order the
/// host tries them in. The values are the network composer's `responseFormat` config
/// (manifests/network-composer.json), the only place host and plugin meet on this.
public enum StructuredOutputMode: String, CaseIterable, Codable, Sendable {
    case jsonSchema = "json_schema"
    case jsonObject = "json_object"
    case text

    /// The config key a network composer declares to take part in negotiation; one that
    /// does not is asked in whatever mode it chooses itself.
    public static let configKey = "responseFormat"
}
