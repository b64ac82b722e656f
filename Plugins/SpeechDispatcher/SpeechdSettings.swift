import SenseBridgeCore
import SenseBridgePluginKit

/// The target's config, checked before anything is sent: a wrong value is an error naming
/// its key. Everything the person configured in speech-dispatcher (voice, rate, output
/// module) is left alone unless the profile sets it here.
struct SpeechdSettings {
    static let keys: Set<String> = ["address", "autospawn", "clientName", "outputModule", "rate", "voices", "language"]
    static let rateRange = -100...100
    static let defaultClientName = "sensebridge"

    /// Empty: libspeechd's default (SPEECHD_ADDRESS, else the user's runtime socket).
    var address: String
    /// Off by default: the target joins the daemon the person's screen reader already runs,
    /// with their voice and rate. Spawning one would start a second daemon with default
    /// settings (or none at all in a session without audio) behind the person's back.
    var autospawn: Bool
    var clientName: String
    var outputModule: String?
    var rate: Int?
    /// speech-dispatcher synthesis voice per locale (`spd-say -L`), set after the language.
    var voices: [SpokenLocale: String]
    /// The language speech-dispatcher is told per locale; default the locale's own code.
    var languages: [SpokenLocale: String]

    private struct Raw: Decodable {
        var address: String?
        var autospawn: Bool?
        var clientName: String?
        var outputModule: String?
        var rate: Int?
        var voices: [String: String]?
        var language: [String: String]?
    }

    init(_ config: PluginConfig) throws {
        for key in try config.object().keys.sorted() where !Self.keys.contains(key) {
            throw PluginError.invalidConfig("Config key '\(key)' is not a setting of the speech-dispatcher target; known keys: \(Self.keys.sorted().joined(separator: ", ")).")
        }
        let raw = try config.decode(Raw.self)
        address = raw.address ?? ""
        try Self.checkAddress(address)
        autospawn = raw.autospawn ?? false
        clientName = raw.clientName ?? Self.defaultClientName
        try Self.checkWord(clientName, key: "clientName", example: Self.defaultClientName, allowEmpty: false)
        if let module = raw.outputModule, !module.isEmpty {
            try Self.checkWord(module, key: "outputModule", example: "espeak-ng", allowEmpty: false)
            outputModule = module
        }
        if let rate = raw.rate {
            guard Self.rateRange.contains(rate) else {
                throw PluginError.invalidConfig("Config key 'rate' must be between -100 and 100 (speech-dispatcher's scale, 0 is normal); it is \(rate).")
            }
            self.rate = rate
        }
        voices = try Self.perLocale(raw.voices ?? [:], key: "voices", example: "en-us")
        languages = try Self.perLocale(raw.language ?? [:], key: "language", example: "en-US")
    }

    func language(for locale: SpokenLocale) -> String { languages[locale] ?? locale.rawValue }

    private static func perLocale(_ raw: [String: String], key: String, example: String) throws -> [SpokenLocale: String] {
        var result: [SpokenLocale: String] = [:]
        for (identifier, value) in raw {
            guard let locale = SpokenLocale(rawValue: identifier) else {
                throw PluginError.invalidConfig("Config key '\(key).\(identifier)' is not a locale SenseBridge speaks; use en, es or vi.")
            }
            if value.isEmpty { continue }
            try checkWord(value, key: "\(key).\(identifier)", example: example, allowEmpty: false)
            result[locale] = value
        }
        return result
    }

    /// Values libspeechd puts into an SSIP command line (`SET SELF LANGUAGE …`): a line
    /// break would end the command and start another, so only one line of printable text.
    static func checkWord(_ value: String, key: String, example: String, allowEmpty: Bool) throws {
        let printable = value.unicodeScalars.allSatisfy { !$0.properties.isWhitespace || $0 == " " }
            && !value.unicodeScalars.contains { $0.properties.generalCategory == .control }
        guard (allowEmpty || !value.isEmpty), value.utf8.count <= 128, printable, value.first != " ", value.last != " " else {
            throw PluginError.invalidConfig("Config key '\(key)' must be one line of text without control characters, e.g. \"\(example)\".")
        }
    }

    static func checkAddress(_ address: String) throws {
        guard !address.isEmpty else { return }
        guard SpeechdAddress(address) != nil else {
            throw PluginError.invalidConfig("Config key 'address' must be empty (speech-dispatcher's default), an absolute socket path, \"unix_socket:/path\" or \"inet_socket:host:port\"; it is \"\(address)\".")
        }
    }
}

/// Where the daemon listens, in SPEECHD_ADDRESS's own syntax.
struct SpeechdAddress: Equatable {
    enum Method: Equatable {
        case unix(path: String)
        case inet(host: String, port: Int)
    }

    var method: Method

    init(method: Method) { self.method = method }

    init?(_ text: String) {
        if text.hasPrefix("/") {
            method = .unix(path: text)
            return
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        switch parts.first {
        case "unix_socket" where parts.count == 2 && parts[1].hasPrefix("/"):
            method = .unix(path: parts[1])
        case "inet_socket" where parts.count == 2 && !parts[1].isEmpty:
            method = .inet(host: parts[1], port: 6560)
        case "inet_socket" where parts.count == 3 && !parts[1].isEmpty:
            guard let port = Int(parts[2]), (1...65535).contains(port) else { return nil }
            method = .inet(host: parts[1], port: port)
        default:
            return nil
        }
    }

    var description: String {
        switch method {
        case .unix(let path): return "unix_socket:\(path)"
        case .inet(let host, let port): return "inet_socket:\(host):\(port)"
        }
    }
}
