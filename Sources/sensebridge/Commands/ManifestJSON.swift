import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// How manifests are shown: the same facts for people and for `--json`.
enum ManifestJSON {
    static func summary(_ manifest: PluginManifest) -> [String: Any] {
        [
            "id": manifest.id, "kind": manifest.kind.rawValue, "version": manifest.version,
            "displayName": manifest.displayName(), "usesNetwork": manifest.capabilities.usesNetwork,
            "manifest": manifest.manifestURL.path,
        ]
    }

    static func detail(_ manifest: PluginManifest) -> [String: Any] {
        var item = summary(manifest)
        item["abi"] = ["major": manifest.abiMajor, "minor": manifest.abiMinor]
        item["library"] = manifest.libraryURL.path
        item["entrySymbol"] = manifest.entrySymbol
        item["runtime"] = manifest.runtime ?? NSNull()
        item["displayNames"] = manifest.displayNames
        item["summary"] = manifest.summaries
        item["capabilities"] = ["usesNetwork": manifest.capabilities.usesNetwork, "locales": manifest.capabilities.locales,
                                "modalities": manifest.capabilities.modalities, "channel": manifest.capabilities.channel ?? NSNull()]
        item["configDefaults"] = manifest.configDefaults.mapValues(\.any)
        // Every key of a field is there, null where the manifest does not constrain it
        // (docs/FORMATS.md, "--json output").
        item["configSchema"] = manifest.configSchema.mapValues { field -> [String: Any] in
            ["type": field.type.rawValue, "enum": field.allowed.map { $0.map(\.any) } ?? NSNull(),
             "minimum": field.minimum ?? NSNull(), "maximum": field.maximum ?? NSNull(),
             "description": field.summary ?? NSNull(), "secret": field.isSecret]
        }
        return item
    }

    static func humanDetail(_ manifest: PluginManifest) -> String {
        var lines = [
            "\(manifest.displayName()) (\(manifest.id))",
            manifest.summaries["en"].map { "  \($0)" },
            "",
            "  kind:          \(manifest.kind.rawValue)",
            "  version:       \(manifest.version)",
            "  ABI:           \(manifest.abiMajor).\(manifest.abiMinor)",
            "  runtime:       \(manifest.runtime ?? "C (none)")",
            "  library:       \(manifest.libraryURL.path)",
            "  entry symbol:  \(manifest.entrySymbol)",
            "  manifest:      \(manifest.manifestURL.path)",
            "  network:       \(manifest.capabilities.usesNetwork ? "yes — sends data off this machine once you consent" : "no")",
        ].compactMap { $0 }
        if let channel = manifest.capabilities.channel { lines.append("  channel:       \(channel)") }
        if !manifest.capabilities.locales.isEmpty { lines.append("  locales:       \(manifest.capabilities.locales.joined(separator: ", "))") }
        if !manifest.configSchema.isEmpty || !manifest.configDefaults.isEmpty {
            lines.append("")
            lines.append("  settings:")
            for key in Set(manifest.configSchema.keys).union(manifest.configDefaults.keys).sorted() {
                let field = manifest.configSchema[key]
                var text = "    \(key)"
                if let field { text += " (\(field.type.rawValue)\(field.isSecret ? ", secret: set with 'sensebridge credentials set', never shown" : ""))" }
                if let value = manifest.configDefaults[key] { text += " = \(value.jsonText)" }
                if let allowed = field?.allowed { text += "  one of \(allowed.map(\.jsonText).joined(separator: ", "))" }
                if let minimum = field?.minimum, let maximum = field?.maximum {
                    text += "  \(JSONValue.number(minimum).jsonText)…\(JSONValue.number(maximum).jsonText)"
                }
                if let summary = field?.summary { text += "\n        \(summary)" }
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n")
    }
}
