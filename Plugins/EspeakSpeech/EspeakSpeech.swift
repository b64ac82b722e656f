import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.renderTarget(EspeakSpeech.self, id: "org.sensebridge.espeak-speech", version: "1.0.0", abiMinor: 7)
}

/// Speaks messages with espeak-ng, in the voice for each message's locale, to the audio
/// device or to one WAV file per utterance.
///
/// How urgency reaches this target: calls on one instance are serialized, so an urgent
/// message cannot arrive while another render of this instance is running. The host
/// calls `interrupt()` from another thread — the render in progress stops within one
/// audio buffer and returns SB_ERR_CANCELLED — and then renders the urgent message. An
/// urgent render also cuts off anything another instance in the process is speaking,
/// since espeak-ng can only say one thing at a time anyway.
public final class EspeakSpeech: RenderTargetPlugin {
    private enum Destination {
        case device
        case wav(SpeechDirectory)
    }

    private let settings: SpeechSettings
    private let destination: Destination
    private let host: HostServices
    private let engine = EspeakEngine.shared

    public init(host: HostServices, config: PluginConfig) throws {
        self.host = host
        settings = try SpeechSettings(config)
        try engine.start()
        for locale in SpokenLocale.allCases {
            try engine.validate(voice: settings.voices[locale]!, key: "voices.\(locale.rawValue)")
        }
        switch settings.output {
        case .wav:
            destination = .wav(try Self.directory(settings.directory))
        case .device:
            if case .failure(let failure) = engine.openDevice() {
                throw PluginError.io("Speech cannot be played: \(failure.reason). Set output to \"wav\" to write speech to files instead.")
            }
            destination = .device
        case .auto:
            switch engine.openDevice() {
            case .success:
                destination = .device
            case .failure(let failure):
                destination = .wav(try Self.directory(settings.directory))
                // Said once, at load: the person hears nothing from this target, and the
                // host must be able to tell them so.
                host.log(.warning, "speech.no_audio_device", [("reason", .public(failure.reason)), ("fallback", .public("wav"))])
            }
        }
        if case .device = destination {
            host.log(.info, "speech.output", [("output", .public("device"))])
        } else {
            host.log(.info, "speech.output", [("output", .public("wav"))])
        }
    }

    private static func directory(_ template: String) throws -> SpeechDirectory {
        let path = OutputPathTemplate.resolve(template, environment: ProcessInfo.processInfo.environment)
        return try SpeechDirectory(path: path)
    }

    /// The render is "in progress" for an interrupt from its first line (PluginKit's
    /// checkpoint starts with the C call): an interrupt that lands while a long text is
    /// still being prepared, or while another instance holds espeak-ng, stops this render
    /// too, instead of being lost and the whole text spoken.
    public func render(_ request: RenderRequest) throws {
        let message = request.message
        let token = request.checkpoint
        if message.signal == .awarenessPulse {
            return try pulse(message, token: token)
        }
        // Whitespace and control characters are both silence, so the original text answers
        // this as the neutralized one would; neutralizing waits for each piece (EspeakEngine.speak).
        guard SpeechText.isSpeakable(message.text) else { return }
        if message.isUrgent { engine.cancelActive() }

        let outcome = try engine.speak(message.text, voice: settings.voices[message.locale]!, rate: settings.rate,
                                       volume: settings.volume, sink: sink(for: message), token: token)
        try delivered(message, outcome)
    }

    /// The awareness pulse: `PulseTone` at this target's volume, never words — whatever
    /// the message's text, none of it is spoken (the header forbids it, and a sentence
    /// repeated every second is what people learn to ignore). The host sends it only when
    /// the profile turned the cue on: the manifest leaves it off, so speech stays words
    /// alone for anyone who did not ask.
    private func pulse(_ message: OutputMessage, token: CallCheckpoint) throws {
        let volume = settings.volume
        let outcome = try engine.play({ PulseTone.samples(sampleRate: $0, volume: volume) }, sink: sink(for: message), token: token)
        // The index counts the characters spoken, and a tone speaks none.
        var played = message
        played.text = ""
        try delivered(played, outcome)
    }

    private func sink(for message: OutputMessage) -> EspeakEngine.Sink {
        switch destination {
        case .device:
            return .device
        case .wav(let directory):
            return .wav(makeFile: { try directory.makeFile(signal: message.signal, sampleRate: $0) })
        }
    }

    /// Indexes a WAV file written for `message`, then reports an interrupt as cancelled.
    private func delivered(_ message: OutputMessage, _ outcome: EspeakEngine.Outcome) throws {
        if case .wav(let directory) = destination, let file = outcome.file {
            try directory.record(SpeechIndexLine(
                wallClock: Date().timeIntervalSince1970, message: message, voice: outcome.voice,
                file: (file.path as NSString).lastPathComponent, durationSeconds: file.durationSeconds,
                interrupted: outcome.cancelled))
        }
        if outcome.cancelled {
            throw PluginError(.cancelled, "Speech was interrupted.")
        }
    }
}
