import Foundation

/// The JSON object a plugin is created with (manifest defaults merged with the
/// profile's values by the host).
public struct PluginConfig: Sendable {
    public let json: Data

    public init(json: Data) {
        self.json = json
    }

    public init(_ text: String) {
        self.json = Data(text.utf8)
    }

    /// Decodes the config into the plugin's own type; keys the type declares
    /// optional keep their defaults. A type or value error names the key, so the
    /// person who edited a profile knows which line to fix.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let data = json.isEmpty ? Data("{}".utf8) : json
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw PluginError.invalidConfig("Config key '\(context.codingPath.keyPath)' has the wrong type: \(context.debugDescription)")
        } catch let DecodingError.keyNotFound(key, _) {
            throw PluginError.invalidConfig("Config key '\(key.stringValue)' is required.")
        } catch let DecodingError.dataCorrupted(context) {
            let path = context.codingPath.keyPath
            throw PluginError.invalidConfig(path.isEmpty
                ? "Config is not a JSON object: \(context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription)"
                : "Config key '\(path)' is invalid: \(context.debugDescription)")
        } catch {
            throw PluginError.invalidConfig("Config could not be read: \(error)")
        }
    }

    /// The config as a plain object, for plugins that forward parts of it.
    public func object() throws -> [String: Any] {
        let data = json.isEmpty ? Data("{}".utf8) : json
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw PluginError.invalidConfig("Config is not a JSON object.")
        }
        return object
    }

    /// Refuses a key that is not one of `known`: a misspelt key would otherwise be
    /// ignored and its setting silently lost.
    public func requireOnly(_ known: Set<String>) throws {
        for key in try object().keys.sorted() where !known.contains(key) {
            throw PluginError.invalidConfig("Config key '\(key)' is not a setting of this plugin; known keys: \(known.sorted().joined(separator: ", ")).")
        }
    }
}

extension Array where Element == CodingKey {
    var keyPath: String { map(\.stringValue).joined(separator: ".") }
}
