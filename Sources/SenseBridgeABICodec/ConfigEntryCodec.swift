import CSenseBridgeABI
import Foundation
import SenseBridgeCore

/// A create config as the key/value strings of ABI 1.2 (`sb_host_services.config_entries`),
/// so a C plugin can read its settings without a JSON parser.
///
/// Written once, here, because the host, the conformance harness and the embedded test
/// hosts all hand a plugin its config: if each flattened on its own, a plugin could pass
/// the harness and read different settings in the host. The rules are the header's:
/// dotted paths, arrays by index, strings as they are, numbers as their JSON text,
/// booleans as "true"/"false", null and empty containers absent, sorted by key bytes.
public enum ConfigEntryCodec {
    public struct Entry: Equatable, Sendable, CustomStringConvertible {
        public var key: String
        public var value: String

        public init(_ key: String, _ value: String) {
            self.key = key
            self.value = value
        }

        public var description: String { "\(key)=\(value)" }
    }

    /// Why a config has no entries (the header's NULL): each names where, never a value,
    /// since a value may be something a person typed.
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// config_json is not JSON, or JSON that is not an object.
        case notAnObject
        /// A key with "." would read as a path: {"a.b": 1} and {"a": {"b": 2}} would both be "a.b".
        case keyContainsDot(path: String)
        /// A C string ends at U+0000, so the rest of the key or value would be lost.
        case containsNUL(path: String)
        /// Valid JSON with no Swift value (1e999): there is no text to give for it.
        case unrepresentable(path: String)

        public var description: String {
            switch self {
            case .notAnObject: return "the config is not a JSON object"
            case .keyContainsDot(let path): return "the key \(path) contains '.', which would read as a path"
            case .containsNUL(let path): return "the key or value at \(path) contains U+0000"
            case .unrepresentable(let path): return "the value at \(path) cannot be represented"
            }
        }
    }

    /// The entries for a config object, sorted by the UTF-8 bytes of their keys (the
    /// order `strcmp` gives a plugin that bsearches them).
    public static func flatten(_ config: JSONValue) -> Result<[Entry], Problem> {
        guard case .object = config else { return .failure(.notAnObject) }
        var entries: [Entry] = []
        if let problem = collect(config, path: [], into: &entries) { return .failure(problem) }
        entries.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        return .success(entries)
    }

    /// The entries for config text exactly as it is passed to create.
    public static func flatten(json: String) -> Result<[Entry], Problem> {
        guard let value = JSONValue.parse(Data(json.utf8)) else { return .failure(.notAnObject) }
        return flatten(value)
    }

    /// Appends the leaves under `value`; the first problem found, or nil.
    private static func collect(_ value: JSONValue, path: [String], into entries: inout [Entry]) -> Problem? {
        let key = path.joined(separator: ".")
        switch value {
        case .null:
            return nil
        case .unrepresentable:
            return .unrepresentable(path: quoted(path))
        case .bool(let flag):
            entries.append(Entry(key, flag ? "true" : "false"))
        case .number:
            // The text the host writes into config_json, so both say the same ("3", not "3.0").
            entries.append(Entry(key, value.jsonText))
        case .string(let text):
            guard !text.unicodeScalars.contains("\0") else { return .containsNUL(path: quoted(path)) }
            entries.append(Entry(key, text))
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let problem = collect(element, path: path + [String(index)], into: &entries) { return problem }
            }
        case .object(let members):
            // Sorted so the problem reported for a config is always the same one.
            for name in members.keys.sorted() {
                if name.contains(".") { return .keyContainsDot(path: quoted(path + [name])) }
                if name.unicodeScalars.contains("\0") { return .containsNUL(path: quoted(path + [name])) }
                if let problem = collect(members[name]!, path: path + [name], into: &entries) { return problem }
            }
        }
        return nil
    }

    /// A path as a JSON array of its parts, so a dotted key shows where its dots are.
    private static func quoted(_ path: [String]) -> String {
        JSONValue.array(path.map(JSONValue.string)).jsonText
    }

    /// The entries a plugin sees in a table; nil for the NULL that says "not flattened".
    /// Keys and values that are not UTF-8 are refused as a whole (nil), like any string from C.
    public static func decode(_ entries: UnsafePointer<sb_config_entry>?, count: Int) -> [Entry]? {
        guard let entries else { return nil }
        var decoded: [Entry] = []
        for index in 0..<count {
            guard let key = ABIString.decode(entries[index].key), let value = ABIString.decode(entries[index].value) else {
                return nil
            }
            decoded.append(Entry(key, value))
        }
        return decoded
    }
}

/// The C array of one config's entries and the strings it points at, freed together:
/// whoever hands it to a plugin keeps it as long as the instance.
public final class CConfigEntries {
    /// NULL when the config could not be flattened (see `problem`); otherwise never NULL,
    /// even with no entries, as the header promises.
    public let pointer: UnsafePointer<sb_config_entry>?
    public let count: Int
    public let problem: ConfigEntryCodec.Problem?
    private let storage: UnsafeMutablePointer<sb_config_entry>?
    private let strings: [UnsafeMutablePointer<CChar>]

    public convenience init(json: String) {
        self.init(ConfigEntryCodec.flatten(json: json))
    }

    public init(_ flattened: Result<[ConfigEntryCodec.Entry], ConfigEntryCodec.Problem>) {
        switch flattened {
        case .failure(let problem):
            self.problem = problem
            count = 0
            storage = nil
            strings = []
        case .success(let entries):
            problem = nil
            count = entries.count
            var owned: [UnsafeMutablePointer<CChar>] = []
            owned.reserveCapacity(entries.count * 2)
            // One element more than needed, so an empty config still has a non-NULL array.
            let buffer = UnsafeMutablePointer<sb_config_entry>.allocate(capacity: entries.count + 1)
            for (index, entry) in entries.enumerated() {
                let key = strdup(entry.key)!, value = strdup(entry.value)!
                owned += [key, value]
                (buffer + index).initialize(to: sb_config_entry(key: key, value: value))
            }
            (buffer + entries.count).initialize(to: sb_config_entry(key: nil, value: nil))
            storage = buffer
            strings = owned
        }
        pointer = storage.map { UnsafePointer($0) }
    }

    deinit {
        storage?.deallocate()
        strings.forEach { free($0) }
    }
}
