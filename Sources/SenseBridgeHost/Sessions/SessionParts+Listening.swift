import Foundation
import SenseBridgeCore

/// The parts `listen` assembles: the audio source (the host's choice, as for pictures)
/// and the profile's sound perceivers, with the one audio format they all take.
extension PluginHost {
    /// Sounds from a microphone (PulseAudio/PipeWire, or ALSA by name) or an audio file.
    public static let audioSourceID = "org.sensebridge.audio-source"

    /// What the audio source listens to.
    public enum ListeningInput: Sendable, Equatable {
        /// A microphone: nil for the default one, else "pulse:NAME" or "alsa:DEVICE"
        /// (a bare name is a PulseAudio source).
        case microphone(String?)
        /// An audio file on this machine, analysed whole.
        case file(String)

        var configValue: String {
            switch self {
            case .microphone(nil): return "microphone"
            case .microphone(let name?): return name.hasPrefix("pulse:") || name.hasPrefix("alsa:") ? name : "pulse:\(name)"
            case .file(let path): return URL(fileURLWithPath: path).standardizedFileURL.path
            }
        }

        var given: String {
            switch self {
            case .microphone(nil): return "The default microphone"
            case .microphone(let name?): return "The microphone \(name)"
            case .file(let path): return path
            }
        }
    }

    /// The audio every sound perceiver of a profile takes: one source feeds them all, so
    /// they must agree (`soundPerceivers`).
    public struct ListeningFormat: Sendable, Equatable {
        public var sampleRate: Int
        public var channels: Int
    }

    /// The audio source over `input`, resampled to `format`. `realtime`: a file's blocks
    /// each at its own time, as a microphone would give them; otherwise as fast as they decode.
    public func audioSource(_ input: ListeningInput, format: ListeningFormat, realtime: Bool = false) throws -> SensingSourceInstance {
        let manifest = try sessionManifest(Self.audioSourceID, kind: .sensingSource)
        let config: [String: JSONValue] = ["input": .string(input.configValue), "sampleRate": .number(Double(format.sampleRate)),
                                           "channels": .number(Double(format.channels)), "realtime": .bool(realtime)]
        do {
            return try sensingSource(manifest, config: config)
        } catch {
            let reason: SessionPartUnavailable.Reason
            if case .microphone = input { reason = .couldNotStart } else { reason = .inputUnreadable }
            throw SessionPartUnavailable(pluginID: manifest.id, reason: reason, description: "\(input.given) could not be opened: \(error)")
        }
    }

    /// The profile's perceivers that hear sounds (manifest modality "sounds"), created in
    /// its order, and the audio format they ask for. Checked on the manifests before any
    /// starts: a profile with none, or whose perceivers ask for different audio, is a
    /// profile to fix (the person is told which and why), never a source resampling for
    /// one perceiver and starving the other.
    public func soundPerceivers(_ references: [OutputProfile.PluginReference]) throws -> (perceivers: [PerceiverInstance], format: ListeningFormat) {
        var hearing: [(reference: OutputProfile.PluginReference, manifest: PluginManifest)] = []
        for reference in references {
            let manifest = try sessionManifest(reference.id, kind: .perceiver)
            if manifest.listens { hearing.append((reference, manifest)) }
        }
        let format = try Self.agreedFormat(hearing.map(\.manifest), listed: references.map(\.id))
        let perceivers = try hearing.map { try startPerceiver($0.reference, manifest: $0.manifest) }
        return (perceivers, format)
    }

    /// The one format every manifest asks for, or why there is none.
    static func agreedFormat(_ manifests: [PluginManifest], listed: [String]) throws -> ListeningFormat {
        guard let first = manifests.first else {
            let ids = listed.joined(separator: ", ")
            throw SessionPartUnavailable(pluginID: ids, reason: .profileUnfit, description:
                "None of the profile's perceivers (\(ids)) hears sounds; add org.sensebridge.sound-classifier or org.sensebridge.alarm-pattern-detector to its \"perceivers\".")
        }
        var formats: [(id: String, format: ListeningFormat)] = []
        for manifest in manifests {
            guard let input = manifest.capabilities.audioInput else {
                throw SessionPartUnavailable(pluginID: manifest.id, reason: .profileUnfit, description:
                    "The perceiver \(manifest.id) hears sounds but its manifest (\(manifest.manifestURL.path)) says no capabilities.audioInput, so the audio it takes is unknown.")
            }
            formats.append((manifest.id, ListeningFormat(sampleRate: input.sampleRate, channels: input.channels)))
        }
        guard formats.allSatisfy({ $0.format == formats[0].format }) else {
            let asked = formats.map { "\($0.id) \($0.format.sampleRate) Hz, \($0.format.channels) channel\($0.format.channels == 1 ? "" : "s")" }
            throw SessionPartUnavailable(pluginID: first.id, reason: .profileUnfit, description:
                "The profile's sound perceivers ask for different audio (\(asked.joined(separator: "; "))); one source feeds them all, so list only perceivers that take the same rate and channels.")
        }
        return formats[0].format
    }
}
