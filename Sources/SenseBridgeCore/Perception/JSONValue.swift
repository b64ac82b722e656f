import Foundation

/// A JSON value as decoded, before any meaning is given to it: records files,
/// recordings, manifests and profiles all read through it, so every parser can name
/// the exact field and problem instead of a decoder's generic message, and config
/// values can be compared, merged and written back without losing their types.
public enum JSONValue: Decodable, Sendable, Equatable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    /// Syntactically valid JSON that does not fit a Swift value: a number outside the
    /// range of Double (1e999) or a string with an unpaired surrogate.
    case unrepresentable

    /// For Codable types that hold a JSONValue. Each failed guess below builds a
    /// DecodingError, so nothing that reads many values uses this: JSON text is read by
    /// `JSONParser`, which gives the same values.
    public init(from decoder: Decoder) throws {
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

    /// Parses JSON text (`JSONParser`, standard options); nil when it is not JSON at all.
    public static func parse(_ data: Data) -> JSONValue? {
        try? JSONParser.parse(data)
    }

    /// Converts JSONSerialization output; nil for anything that is not JSON.
    public init?(any value: Any) {
        switch value {
        case is NSNull: self = .null
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber; their encoding is "c" (char).
            if String(cString: number.objCType) == "c" { self = .bool(number.boolValue) } else { self = .number(number.doubleValue) }
        case let string as String: self = .string(string)
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array {
                guard let converted = JSONValue(any: element) else { return nil }
                values.append(converted)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var values: [String: JSONValue] = [:]
            for (key, element) in dictionary {
                guard let converted = JSONValue(any: element) else { return nil }
                values[key] = converted
            }
            self = .object(values)
        default: return nil
        }
    }

    /// The value as JSONSerialization objects, for writing back out.
    public var any: Any {
        switch self {
        case .null, .unrepresentable: return NSNull()
        case .bool(let value): return value
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { return Int(value) }
            return value
        case .string(let value): return value
        case .array(let values): return values.map(\.any)
        case .object(let values): return values.mapValues(\.any)
        }
    }

    /// Compact JSON text with sorted keys, so the same value always reads the same;
    /// "null" for a value holding a number that is not finite.
    public var jsonText: String { JSONValueText.text(self) ?? "null" }

    /// How the value is named in an error message.
    public var typeName: String {
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

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// Compact JSON object text with sorted keys.
    public var jsonText: String { JSONValue.object(self).jsonText }
}
