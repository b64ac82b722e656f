import Foundation

extension PluginManifest {
    /// The fields in which two readings of a manifest differ; empty when they agree.
    /// Field by field rather than `Equatable`, so a disagreement between a manifest as a
    /// listing reads it and as read by its path (the manifest fuzz target, the reader's
    /// tests) says where.
    public func fieldsDiffering(from other: PluginManifest) -> [String] {
        var fields: [String] = []
        if id != other.id { fields.append("id") }
        if kind != other.kind { fields.append("kind") }
        if version != other.version { fields.append("version") }
        if abiMajor != other.abiMajor || abiMinor != other.abiMinor { fields.append("abi") }
        if libraryPath != other.libraryPath { fields.append("library") }
        if entrySymbol != other.entrySymbol { fields.append("entrySymbol") }
        if runtime != other.runtime { fields.append("runtime") }
        if displayNames != other.displayNames { fields.append("displayName") }
        if summaries != other.summaries { fields.append("summary") }
        if capabilities != other.capabilities { fields.append("capabilities") }
        if configDefaults != other.configDefaults { fields.append("config.defaults") }
        if configSchema != other.configSchema { fields.append("config.schema") }
        if manifestURL != other.manifestURL || manifestPath != other.manifestPath { fields.append("manifest") }
        if isolation != other.isolation { fields.append("isolation") }
        if origin != other.origin { fields.append("origin") }
        return fields
    }
}
