import Foundation
import SenseBridgeCore

/// Typed access to a manifest's fields that names the field and both types when one
/// is missing or mistyped.
struct FieldReader {
    let object: [String: JSONValue]
    var prefix = ""
    let fail: (PluginProblem.Reason) -> PluginProblem

    init(object: [String: JSONValue], prefix: String = "", fail: @escaping (PluginProblem.Reason) -> PluginProblem) {
        self.object = object
        self.prefix = prefix
        self.fail = fail
    }

    private func mistyped(_ key: String, _ expected: String, _ value: JSONValue) -> PluginProblem {
        fail(.mistypedField(prefix + key, expected: expected, found: value.typeName))
    }

    func string(_ key: String) throws -> String {
        guard let value = try optionalString(key) else { throw fail(.missingField(prefix + key)) }
        guard !value.isEmpty else { throw fail(.invalidField(prefix + key, "must not be empty")) }
        return value
    }

    func optionalString(_ key: String) throws -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let text) = value else { throw mistyped(key, "a string", value) }
        return text
    }

    func unsigned(_ key: String) throws -> UInt32 {
        guard let value = object[key] else { throw fail(.missingField(prefix + key)) }
        guard case .number(let number) = value, number.rounded() == number, number >= 0, number <= Double(UInt32.max) else {
            throw mistyped(key, "a whole number", value)
        }
        return UInt32(number)
    }

    func optionalNumber(_ key: String) throws -> Double? {
        guard let value = object[key] else { return nil }
        guard case .number(let number) = value else { throw mistyped(key, "a number", value) }
        return number
    }

    func optionalBool(_ key: String) throws -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let flag) = value else { throw mistyped(key, "true or false", value) }
        return flag
    }

    func object(_ key: String) throws -> [String: JSONValue] {
        guard let value = try optionalObject(key) else { throw fail(.missingField(prefix + key)) }
        return value
    }

    func optionalObject(_ key: String) throws -> [String: JSONValue]? {
        guard let value = object[key] else { return nil }
        guard case .object(let fields) = value else { throw mistyped(key, "an object", value) }
        return fields
    }

    func optionalStrings(_ key: String) throws -> [String]? {
        guard let value = object[key] else { return nil }
        guard case .array(let values) = value else { throw mistyped(key, "an array of strings", value) }
        return try values.map { element in
            guard case .string(let text) = element else { throw mistyped(key, "an array of strings", value) }
            return text
        }
    }

    /// A map from locale to text, e.g. "displayName": {"en": "Speech"}; a plain string
    /// is accepted as the English text.
    func stringMap(_ key: String, required: Bool) throws -> [String: String] {
        guard let value = object[key] else {
            if required { throw fail(.missingField(prefix + key)) }
            return [:]
        }
        switch value {
        case .string(let text): return ["en": text]
        case .object(let entries):
            // The first bad entry in key order: with two, the same file must name the same
            // one every run (a dictionary's order changes from one process to the next).
            // Sorting every map to find none cost more than the rest of reading it.
            if entries.contains(where: { $0.value.stringValue == nil }),
               let bad = entries.filter({ $0.value.stringValue == nil }).min(by: { $0.key < $1.key }) {
                throw mistyped("\(key).\(bad.key)", "a string", bad.value)
            }
            let result = entries.mapValues { $0.stringValue ?? "" }
            if required && result["en"] == nil { throw fail(.missingField(prefix + key + ".en")) }
            return result
        default: throw mistyped(key, "an object of locale to text", value)
        }
    }
}
