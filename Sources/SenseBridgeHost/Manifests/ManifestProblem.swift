import Foundation

/// Why a plugin cannot be used, with the file it concerns. Its `description` is the
/// one line a user sees: the path, then the reason, then (when there is one) the fix.
public struct PluginProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        case unreadable(String)
        case malformedJSON(String)
        case unknownSchema(String?)
        case missingField(String)
        case mistypedField(String, expected: String, found: String)
        case invalidField(String, String)
        case libraryEscapesDirectory(String)
        case symlinkLoop(String)
        case libraryNotFound(String)
        case abiMajorMismatch(plugin: UInt32, host: UInt32)
        case abiMinorNewer(plugin: UInt32, host: UInt32)
        case runtimeMismatch(plugin: String?, host: String?)
        case loadFailed(String)
        case entrySymbolMissing(String, String)
        case descriptorInvalid(String)
        case descriptorMismatch(String)
        case interfaceMissing(String)
        case shadowed(by: String)
        /// The manifest is fine, but this very library broke a host before.
        case remembered(BrokenPluginRegistry.Entry)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(explanation)" }

    public var explanation: String {
        switch reason {
        case .unreadable(let why): return "cannot be read (\(why))."
        case .malformedJSON(let why): return "is not valid JSON (\(why))."
        case .unknownSchema(let schema?): return "has unknown schema '\(schema)'; this host reads '\(PluginManifest.schemaID)'."
        case .unknownSchema(nil): return "has no \"schema\" field; add \"schema\": \"\(PluginManifest.schemaID)\"."
        case .missingField(let field): return "is missing the required field \"\(field)\"."
        case .mistypedField(let field, let expected, let found): return "field \"\(field)\" must be \(expected), not \(found)."
        case .invalidField(let field, let why): return "field \"\(field)\" \(why)."
        case .libraryEscapesDirectory(let library): return "library \"\(library)\" points outside the manifest's directory; keep the library beside its manifest."
        case .symlinkLoop(let library): return "library \"\(library)\" is a symlink loop."
        case .libraryNotFound(let library): return "library file \(library) not found; build the plugin or fix \"library\"."
        case .abiMajorMismatch(let plugin, let host): return "plugin ABI major \(plugin) differs from the host's \(host); rebuild the plugin against this host's sensebridge.h."
        case .abiMinorNewer(let plugin, let host):
            return "plugin needs a host of ABI 1.\(plugin) or later, and this host provides 1.\(host); update SenseBridge, or install a build of the plugin whose manifest declares ABI 1.\(host) or earlier."
        case .runtimeMismatch(let plugin, let host):
            return "plugin was built for runtime \(plugin ?? "none (C)") but this host runs \(host ?? "none"); rebuild the plugin with this host's toolchain."
        case .loadFailed(let why): return "library could not be loaded: \(why)."
        case .entrySymbolMissing(let symbol, let why): return "entry symbol '\(symbol)' not found in the library (\(why))."
        case .descriptorInvalid(let why): return "descriptor is invalid: \(why)."
        case .descriptorMismatch(let why): return "descriptor disagrees with the manifest: \(why)."
        case .interfaceMissing(let interface): return "library does not provide interface '\(interface)'."
        case .shadowed(let winner): return "is shadowed by \(winner), which comes first on the search path."
        case .remembered(let entry):
            return "broke \(entry.phase.summary) at \(entry.when): \(entry.reason). It is skipped until its library \(entry.libraryPath) changes; run 'sensebridge plugins rescan' to retry."
        }
    }
}
