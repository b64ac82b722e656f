/// A JSON value as decoded, before any meaning is given to it, so the records parser
/// can name the exact field and problem instead of a decoder's generic message.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// Syntactically valid JSON that does not fit a Swift value: a number outside the
    /// range of Double (1e999) or a string with an unpaired surrogate.
    case unrepresentable

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .unrepresentable
        }
    }

    /// How the value is named in an error message.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .unrepresentable: return "not representable"
        }
    }
}
