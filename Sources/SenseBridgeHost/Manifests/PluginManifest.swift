import Foundation
import SenseBridgeCore

/// A plugin as its manifest describes it. Reading one runs no plugin code, which is
/// what lets `plugins list` show a broken plugin instead of crashing on it.
public struct PluginManifest: Sendable {
    public static let schemaID = "sensebridge.plugin-manifest/1"

    public var id: String
    public var kind: PluginKind
    public var version: String
    public var abiMajor: UInt32
    public var abiMinor: UInt32
    /// As written in the manifest, relative to its directory.
    public var libraryPath: String
    public var entrySymbol: String
    /// "swift-6.3" for a Swift plugin; nil for plain C.
    public var runtime: String?
    public var displayNames: [String: String]
    public var summaries: [String: String]
    public var capabilities: PluginCapabilities
    /// Config defaults as a JSON object; a profile's values are laid over them.
    public var configDefaults: [String: JSONValue]
    public var configSchema: [String: ConfigField]
    /// Where the manifest was read from.
    public var manifestURL: URL {
        didSet { manifestPath = manifestURL.path }
    }
    /// `manifestURL.path`, worked out once: listings print it for every manifest.
    public private(set) var manifestPath: String
    /// The author's request for how the plugin runs. Only a request: the host decides
    /// (`IsolationDecision.decide`), and an author may ask for isolation, never to be let
    /// in: `"in-process"` is ignored, whoever shipped the plugin.
    public var isolation: PluginIsolation? = nil
    /// Which search-path directory the catalog found the manifest in. Nil for a manifest
    /// read from a path.
    public var origin: PluginSearchPath.Entry.Origin? = nil

    init(id: String, kind: PluginKind, version: String, abiMajor: UInt32, abiMinor: UInt32, libraryPath: String,
         entrySymbol: String, runtime: String?, displayNames: [String: String], summaries: [String: String],
         capabilities: PluginCapabilities, configDefaults: [String: JSONValue], configSchema: [String: ConfigField],
         manifestURL: URL, manifestPath: String? = nil, isolation: PluginIsolation? = nil,
         origin: PluginSearchPath.Entry.Origin? = nil) {
        self.id = id
        self.kind = kind
        self.version = version
        self.abiMajor = abiMajor
        self.abiMinor = abiMinor
        self.libraryPath = libraryPath
        self.entrySymbol = entrySymbol
        self.runtime = runtime
        self.displayNames = displayNames
        self.summaries = summaries
        self.capabilities = capabilities
        self.configDefaults = configDefaults
        self.configSchema = configSchema
        self.manifestURL = manifestURL
        self.manifestPath = manifestPath ?? manifestURL.path
        self.isolation = isolation
        self.origin = origin
    }

    public var directory: URL { manifestURL.deletingLastPathComponent() }
    /// The library's path, resolved against the manifest's directory (not yet checked).
    public var libraryURL: URL { directory.appendingPathComponent(libraryPath).standardizedFileURL }

    /// A perceiver that is handed sound, not pictures ("sounds" in its modalities, ABI 1.6).
    public var listens: Bool { kind == .perceiver && capabilities.modalities.contains(PluginCapabilities.soundsModality) }

    public func displayName(for locale: String = "en") -> String {
        displayNames[locale] ?? displayNames["en"] ?? id
    }
}

/// What a plugin declares it does; used to choose and to warn, never to trust.
public struct PluginCapabilities: Sendable, Equatable {
    /// The modality a listening perceiver declares; the host hands it audio.
    public static let soundsModality = "sounds"
    /// The modality an audio source declares.
    public static let audioModality = "audio"

    /// A plugin that sends anything over a network must say so; the host keeps such a
    /// plugin behind the consent gates however a profile names it.
    public var usesNetwork: Bool
    public var channel: String?
    public var locales: [String]
    public var modalities: [String]
    /// Render targets only: the cues without words the target can play, each with
    /// whether it plays it when a profile does not say (`capabilities.cues`).
    public var cues: [OutputCue: Bool]
    /// Perceivers that listen only (`capabilities.audioInput`, ABI 1.6): the rate and
    /// channels the source is asked to resample to, so no listener resamples.
    public var audioInput: AudioInput?
    /// Render targets and sensing sources (`capabilities.restart: "resume"`): a new
    /// instance made with the same config continues where one that died left off, so
    /// the host restarts an isolated one within its budget. Composers and perceivers
    /// answer one moment each and are always restarted; a target or source is not unless
    /// it says so, since a new one could truncate a file or repeat a walk.
    public var resumes: Bool
    /// Config values under which it does not resume (`capabilities.restartUnlessConfig`):
    /// a source that resumes a microphone but would start a file again from its beginning.
    public var resumesUnlessConfig: [String: JSONValue]

    public init(usesNetwork: Bool = false, channel: String? = nil, locales: [String] = [], modalities: [String] = [],
                cues: [OutputCue: Bool] = [:], audioInput: AudioInput? = nil, resumes: Bool = false,
                resumesUnlessConfig: [String: JSONValue] = [:]) {
        self.usesNetwork = usesNetwork
        self.channel = channel
        self.locales = locales
        self.modalities = modalities
        self.cues = cues
        self.audioInput = audioInput
        self.resumes = resumes
        self.resumesUnlessConfig = resumesUnlessConfig
    }

    /// Whether an instance made with `configJSON` (the resolved config, defaults
    /// included) resumes: declared so, and no value of `resumesUnlessConfig` is in it.
    public func resumes(configJSON: String) -> Bool {
        guard resumes else { return false }
        guard !resumesUnlessConfig.isEmpty else { return true }
        guard case .object(let config)? = JSONValue.parse(Data(configJSON.utf8)) else { return false }
        return !resumesUnlessConfig.contains { config[$0.key] == $0.value }
    }
}

/// What a listening perceiver takes: `{"sampleRate": 16000, "channels": 1}`.
public struct AudioInput: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int

    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// The ranges the ABI's sb_audio allows; a manifest asking outside them could never be served.
    public static let sampleRates = 1000...192_000
    public static let channelCounts = 1...8
}

/// One config key's schema: enough to tell a profile author what a value must be.
public struct ConfigField: Sendable, Equatable {
    public enum ValueType: String, Sendable, CaseIterable {
        case string, integer, number, boolean, object, array
    }

    public var type: ValueType
    public var allowed: [JSONValue]?
    public var minimum: Double?
    public var maximum: Double?
    public var summary: String?
    /// A credential the host injects at create time from its credentials store. It
    /// never has a default, a profile may not set it, and its value is never shown.
    public var isSecret: Bool = false

    /// Why a value does not fit, or nil when it does.
    public func problem(with value: JSONValue) -> String? {
        switch (type, value) {
        case (.string, .string), (.boolean, .bool), (.object, .object), (.array, .array): break
        case (.number, .number): break
        case (.integer, .number(let n)) where n.rounded() == n: break
        default: return "must be \(type == .integer ? "an integer" : "a \(type.rawValue)")"
        }
        if let allowed, !allowed.contains(value) {
            return "must be one of \(allowed.map(\.jsonText).joined(separator: ", "))"
        }
        if case .number(let n) = value {
            if let minimum, n < minimum { return "must be at least \(JSONValue.number(minimum).jsonText)" }
            if let maximum, n > maximum { return "must be at most \(JSONValue.number(maximum).jsonText)" }
        }
        return nil
    }
}
