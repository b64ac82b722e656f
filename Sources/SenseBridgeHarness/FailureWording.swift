import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// What the person hears when a plugin fails, from the tables, for `plugins test` to show
/// its author: their error messages, id, display name and channel are never spoken
/// (Invariant 1), and an author who expects "the braille display lost its connection" in
/// the person's ears should learn it here, not from a user.
public struct FailureWording: Sendable, Equatable {
    /// Per locale, the sentence said when the plugin fails.
    public var sentences: [SpokenLocale: String]
    /// For a render target whose channel is none of the closed list: the channel, which
    /// the person hears as "an output".
    public var unlistedChannel: String?

    public init(manifest: PluginManifest) {
        var sentences: [SpokenLocale: String] = [:]
        for locale in SpokenLocale.allCases {
            sentences[locale] = Self.sentence(for: manifest, locale: locale)
        }
        self.sentences = sentences
        let channel = manifest.capabilities.channel
        unlistedChannel = manifest.kind == .renderTarget && OutputRole(code: channel) == .other ? (channel ?? "") : nil
    }

    /// The sentence for a plugin of this kind that fails: a render target whose render
    /// returns an error (the last output, so nothing else is named), a composer the host
    /// stops, a source that fails (a microphone's ends listening), a perceiver that fails
    /// on a page, a picture or a block of sound.
    static func sentence(for manifest: PluginManifest, locale: SpokenLocale) -> String {
        switch manifest.kind {
        case .renderTarget:
            return Phrasing.status(.outputLost(role: OutputRole(code: manifest.capabilities.channel), reason: .reportedError, others: []),
                                   locale: locale)
        case .sceneComposer: return Phrasing.status(.composerStopped, locale: locale)
        // An audio source's failure ends listening; any other source's is the sensor failing.
        case .sensingSource where manifest.capabilities.modalities.contains(PluginCapabilities.audioModality):
            return Phrasing.status(.listeningLost(.sourceStopped), locale: locale)
        case .sensingSource: return Phrasing.sensorFailing(locale: locale)
        case .perceiver:
            // A text reader's failure costs a page being read; any other perceiver's costs its
            // stream in a description of the picture (objects, sounds).
            let stream = manifest.perceivedStream
            return stream == .text ? SpokenTable.forLocale(locale).pageUnread.text : Phrasing.status(.perceiverFailed(stream), locale: locale)
        }
    }

    /// The report's lines for a terminal.
    public var lines: [String] {
        var lines = ["When it fails, the person hears: " + SpokenLocale.allCases.map { "(\($0.rawValue)) \"\(sentences[$0] ?? "")\"" }
            .joined(separator: " ")]
        lines.append("Its error messages, id, display name and channel are never spoken; they go to stderr and the log.")
        if let unlistedChannel {
            let listed = OutputRole.allCases.filter { $0 != .other }.map(\.code).joined(separator: ", ")
            lines.append("Its channel \"\(unlistedChannel)\" is none of \(listed), so the person hears it called \"an output\".")
        }
        return lines
    }

    public var jsonObject: [String: Any] {
        var object: [String: Any] = Dictionary(uniqueKeysWithValues: sentences.map { ($0.key.rawValue, $0.value) })
        // Present always, null for a listed channel (docs/FORMATS.md: no key left out).
        object["unlistedChannel"] = unlistedChannel ?? NSNull()
        return object
    }
}
