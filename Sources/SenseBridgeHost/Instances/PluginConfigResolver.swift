import Foundation
import SenseBridgeCore

/// Builds the config a plugin is created with: the manifest's defaults, the profile's
/// values laid over them, checked against the manifest's schema, with `{output}`
/// replaced by the session's output directory.
public enum PluginConfigResolver {
    public struct Problem: Error, CustomStringConvertible {
        public var pluginID: String
        public var key: String
        public var reason: String
        public var description: String { "Config for \(pluginID): key '\(key)' \(reason)." }
    }

    public static func resolve(manifest: PluginManifest, overrides: [String: JSONValue],
                               outputDirectory: URL?) throws -> [String: JSONValue] {
        if let problem = problems(manifest: manifest, overrides: overrides).first { throw problem }
        let config = manifest.configDefaults.merging(overrides) { _, override in override }
        let output = (outputDirectory ?? defaultOutputDirectory()).path
        let substituted = config.mapValues { substitute($0, output: output, manifestDirectory: manifest.directory.path) }
        return substituted.mapValues { referencing($0, in: substituted) }
    }

    /// Every key of `overrides` the manifest's schema refuses, in key order; empty when
    /// `resolve` accepts them. The one statement of the rule: `resolve` throws the first,
    /// and a profile is checked with all of them before any plugin runs.
    public static func problems(manifest: PluginManifest, overrides: [String: JSONValue]) -> [Problem] {
        overrides.sorted { $0.key < $1.key }.compactMap { key, value in
            guard let field = manifest.configSchema[key] else {
                guard manifest.configSchema.isEmpty else {
                    return Problem(pluginID: manifest.id, key: key,
                                   reason: "is not a setting of this plugin (known: \(manifest.configSchema.keys.sorted().joined(separator: ", ")))")
                }
                return nil
            }
            if field.isSecret {
                return Problem(pluginID: manifest.id, key: key,
                               reason: "is a secret and cannot be set in a profile or config; store it with 'sensebridge credentials set'")
            }
            return field.problem(with: value).map { Problem(pluginID: manifest.id, key: key, reason: $0) }
        }
    }

    /// `{key}` in a string value becomes that key's string value, once: a default such
    /// as `"{output}/captions.{format}"` follows the format a profile chose, and the
    /// host knows the real path to tell the person where their captions went.
    static func referencing(_ value: JSONValue, in config: [String: JSONValue]) -> JSONValue {
        guard case .string(var text) = value, text.contains("{") else { return value }
        for (key, replacement) in config {
            guard case .string(let replacementText) = replacement, !replacementText.contains("{") else { continue }
            text = text.replacingOccurrences(of: "{\(key)}", with: replacementText)
        }
        return .string(text)
    }

    public static func defaultOutputDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        HostPaths.stateHome(environment).appendingPathComponent("sensebridge/output")
    }

    static func substitute(_ value: JSONValue, output: String, manifestDirectory: String) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(text.replacingOccurrences(of: "{output}", with: output)
                .replacingOccurrences(of: "{manifestDir}", with: manifestDirectory))
        case .array(let values): return .array(values.map { substitute($0, output: output, manifestDirectory: manifestDirectory) })
        case .object(let values): return .object(values.mapValues { substitute($0, output: output, manifestDirectory: manifestDirectory) })
        default: return value
        }
    }
}
