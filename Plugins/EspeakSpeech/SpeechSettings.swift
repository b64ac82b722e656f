import SenseBridgeCore
import SenseBridgePluginKit

/// The speech target's config, validated before anything is spoken: a wrong value is
/// an error naming its key, never a silent fallback to a voice the person did not pick.
struct SpeechSettings {
    enum Output: String {
        /// The audio device when one can be opened, otherwise WAV files.
        case auto
        /// The audio device, or create fails: for a blind person silence must be loud.
        case device
        /// WAV files only (tests, recording, headless machines).
        case wav
    }

    static let defaultVoices: [SpokenLocale: String] = [.en: "en", .es: "es", .vi: "vi"]
    /// espeak-ng's own limits (espeakRATE_MINIMUM…MAXIMUM).
    static let rateRange = 80...450
    static let defaultRate = 175
    static let volumeRange = 0...200
    static let defaultVolume = 100
    static let defaultDirectory = "{output}/speech"

    var voices: [SpokenLocale: String]
    var rate: Int
    var volume: Int
    var output: Output
    /// Still a template: `{output}` is resolved only when WAV output is used.
    var directory: String

    private struct Raw: Decodable {
        var voices: [String: String]?
        var rate: Int?
        var volume: Int?
        var output: String?
        var directory: String?
    }

    static let keys: Set<String> = ["voices", "rate", "volume", "output", "directory"]

    init(_ config: PluginConfig) throws {
        for key in try config.object().keys.sorted() where !Self.keys.contains(key) {
            throw PluginError.invalidConfig("Config key '\(key)' is not a setting of the speech target; known keys: \(Self.keys.sorted().joined(separator: ", ")).")
        }
        let raw = try config.decode(Raw.self)
        voices = Self.defaultVoices
        for (identifier, voice) in raw.voices ?? [:] {
            guard let locale = SpokenLocale(rawValue: identifier) else {
                throw PluginError.invalidConfig("Config key 'voices.\(identifier)' is not a locale SenseBridge speaks; use en, es or vi.")
            }
            guard !voice.isEmpty, voice.utf8.count < 64, !voice.contains("\0") else {
                throw PluginError.invalidConfig("Config key 'voices.\(identifier)' must name an espeak-ng voice, e.g. \"\(Self.defaultVoices[locale]!)\".")
            }
            voices[locale] = voice
        }
        rate = raw.rate ?? Self.defaultRate
        guard Self.rateRange.contains(rate) else {
            throw PluginError.invalidConfig("Config key 'rate' must be between \(Self.rateRange.lowerBound) and \(Self.rateRange.upperBound) words per minute; it is \(rate).")
        }
        volume = raw.volume ?? Self.defaultVolume
        guard Self.volumeRange.contains(volume) else {
            throw PluginError.invalidConfig("Config key 'volume' must be between \(Self.volumeRange.lowerBound) and \(Self.volumeRange.upperBound); it is \(volume).")
        }
        guard let output = Output(rawValue: raw.output ?? "auto") else {
            throw PluginError.invalidConfig("Config key 'output' must be \"auto\", \"device\" or \"wav\"; it is \"\(raw.output ?? "")\".")
        }
        self.output = output
        directory = raw.directory ?? Self.defaultDirectory
        guard !directory.isEmpty else {
            throw PluginError.invalidConfig("Config key 'directory' is empty; give the folder WAV files are written to.")
        }
    }
}
