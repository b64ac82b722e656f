import CEspeakNG
import Foundation
import SenseBridgePluginKit

/// The one espeak-ng of the process. espeak-ng keeps all its state in globals and is not
/// thread-safe, so every call into it happens under `lock`, it is initialized once, and
/// the library is never unloaded (the host keeps plugins resident).
///
/// espeak-ng runs in AUDIO_OUTPUT_SYNCHRONOUS mode only: each ~100 ms buffer of audio
/// comes back through `synthCallback` on the speaking thread, which hands it to the
/// current sink (a WAV file or the audio device) and returns 1 to stop synthesis as soon
/// as the render is cancelled — the "within one buffer" an interrupt promises.
///
/// Process-wide side effect: espeak_Initialize sets LC_CTYPE to a UTF-8 locale (it needs
/// one for its character classes); it is left that way.
/// Unchecked Sendable: `lock` guards espeak-ng and every `var` but `activeToken`, which `activeTokenLock` guards.
final class EspeakEngine: @unchecked Sendable {
    static let shared = EspeakEngine()

    /// Milliseconds of audio per callback: the latency of an interrupt.
    static let bufferMilliseconds: Int32 = 100
    /// How often a render waiting for another instance's utterance looks at its own token:
    /// well inside one buffer, so waiting for the engine is no slower to interrupt than speaking.
    static let lockPoll: TimeInterval = 0.01

    private let lock = NSLock()
    private var initialized = false
    private var initialSampleRate = 22_050
    private var currentVoice: String?
    private var device: AudioDevice?

    /// The synthesis in progress, read by the C callback on the speaking thread.
    fileprivate var active: Synthesis?

    /// The token of whatever is being spoken in any instance, so an urgent message can
    /// cut it off without waiting for `lock`.
    private let activeTokenLock = NSLock()
    private var activeToken: CallCheckpoint?

    private init() {}

    /// Starts espeak-ng once; later calls return at once.
    func start() throws {
        lock.lock()
        defer { lock.unlock() }
        try startLocked()
    }

    private func startLocked() throws {
        guard !initialized else { return }
        // DONT_EXIT: without it espeak-ng calls exit() when its data is missing,
        // taking the host (and every other output) down with it.
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, Self.bufferMilliseconds, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else {
            throw PluginError.io("espeak-ng could not start: its voice data was not found. Install the espeak-ng-data package.")
        }
        initialSampleRate = Int(rate)
        espeak_SetSynthCallback(synthCallback)
        initialized = true
    }

    /// Checks that espeak-ng has `voice`; the error names the config key.
    func validate(voice: String, key: String) throws {
        lock.lock()
        defer { lock.unlock() }
        try startLocked()
        // espeak-ng keeps memory from every voice load; a voice known to exist is not
        // loaded again just to be checked, so creating targets repeatedly stays flat.
        if validatedVoices.contains(voice) { return }
        guard setVoiceLocked(voice) else {
            throw PluginError.invalidConfig("Config key '\(key)' names voice '\(voice)', which espeak-ng does not have; `espeak-ng --voices` lists them.")
        }
        validatedVoices.insert(voice)
    }

    private var validatedVoices = Set<String>()

    private func setVoiceLocked(_ voice: String) -> Bool {
        if currentVoice == voice { return true }
        guard espeak_SetVoiceByName(voice) == EE_OK else {
            // A failed load can leave espeak-ng half-switched; select again next time.
            currentVoice = nil
            return false
        }
        currentVoice = voice
        return true
    }

    /// Whether the audio device can be opened; it stays open for later renders.
    /// The error says why not.
    func openDevice() -> Result<Void, AudioDevice.Failure> {
        lock.lock()
        defer { lock.unlock() }
        if device != nil { return .success(()) }
        do {
            device = try AudioDevice(sampleRate: initialSampleRate)
            return .success(())
        } catch let failure as AudioDevice.Failure {
            return .failure(failure)
        } catch {
            return .failure(AudioDevice.Failure(reason: "\(error)"))
        }
    }

    /// Cuts off whatever any instance is speaking (an urgent message is about to be said).
    func cancelActive() {
        activeTokenLock.lock()
        activeToken?.cancel()
        activeTokenLock.unlock()
    }

    enum Sink {
        case device
        /// Called with the sample rate when the first audio arrives; returns the file to
        /// write, so no file exists for an utterance that produced no sound.
        case wav(makeFile: (Int) throws -> WAVFileWriter)
    }

    struct Outcome {
        /// The voice espeak-ng reports; nil for audio no voice spoke (the pulse's tone).
        var voice: String?
        var samples: Int
        var sampleRate: Int
        var file: WAVFileWriter?
        var cancelled: Bool
    }

    /// Speaks `text` (neutralized here, piece by piece) and returns when it was played or
    /// written, or as soon as `token` is cancelled, including while it waits for another
    /// instance's utterance to release espeak-ng.
    func speak(_ text: String, voice: String, rate: Int, volume: Int, sink: Sink, token: CallCheckpoint) throws -> Outcome {
        // Nothing was synthesized, so there is no rate and no file to report.
        guard acquire(token) else { return Outcome(voice: voice, samples: 0, sampleRate: 0, file: nil, cancelled: true) }
        defer { lock.unlock() }
        try startLocked()
        guard setVoiceLocked(voice) else {
            throw PluginError(.unsupported, "espeak-ng no longer has voice '\(voice)'; the message was not spoken.")
        }
        espeak_SetParameter(espeakRATE, Int32(rate), 0)
        espeak_SetParameter(espeakVOLUME, Int32(volume), 0)
        let reportedVoice = espeak_GetCurrentVoice()?.pointee.name.map { String(cString: $0) } ?? voice

        let synthesis = Synthesis(token: token, sampleRate: Int(espeak_ng_GetSampleRate()), sink: sink, device: device)
        if case .device = sink, device == nil {
            throw PluginError.io("The audio device is not open; the message was not spoken.")
        }
        publish(token)
        defer { publish(nil) }
        var status = ENS_OK
        if !token.isCancelled {
            active = synthesis
            // Flags: UTF-8 text and nothing else — never espeakSSML or espeakPHONEMES,
            // so "<…>" and "[[…]]" are spoken as the characters they are.
            // Piece by piece, so an interrupt lands within a buffer even in long text
            // without punctuation (SpeechText.maximumChunkCharacters).
            // Each piece is cut and neutralized only when its turn comes, so an interrupt
            // never waits for the rest of a long text to be prepared.
            for piece in SpeechText.Chunks(text) where !token.isCancelled && status == ENS_OK {
                status = SpeechText.neutralized(String(piece)).withCString { pointer in
                    espeak_ng_Synthesize(pointer, strlen(pointer) + 1, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
                }
            }
            active = nil
        }
        if let failure = synthesis.failure {
            device?.flush()
            throw failure
        }
        guard status == ENS_OK || status == ENS_SPEECH_STOPPED else {
            throw PluginError(.internal, "espeak-ng failed to synthesize the message (status \(String(status.rawValue, radix: 16))).")
        }
        return finish(synthesis, voice: reportedVoice, cancelled: token.isCancelled || status == ENS_SPEECH_STOPPED)
    }

    /// Plays audio made outside espeak-ng (the awareness pulse's tone, `samples` at the
    /// rate it is given) exactly as speech is played: after waiting its turn for the one
    /// thing espeak-ng's output can do at a time, to the same sink, one buffer at a time
    /// so `token` stops it within a buffer, and cut off by an urgent message elsewhere.
    /// On the device it plays at the rate the device is already open at: reopening a
    /// stream can cost a PulseAudio start-up of over a second, longer than the pulse's
    /// own interval.
    func play(_ samples: (_ sampleRate: Int) -> [Int16], sink: Sink, token: CallCheckpoint) throws -> Outcome {
        guard acquire(token) else { return Outcome(voice: nil, samples: 0, sampleRate: 0, file: nil, cancelled: true) }
        defer { lock.unlock() }
        try startLocked()
        let rate: Int
        switch sink {
        case .device:
            guard let device else { throw PluginError.io("The audio device is not open; the pulse was not played.") }
            rate = device.sampleRate
        case .wav:
            rate = Int(espeak_ng_GetSampleRate())
        }
        publish(token)
        defer { publish(nil) }
        let synthesis = Synthesis(token: token, sampleRate: rate, sink: sink, device: device)
        let audio = samples(rate)
        let buffer = max(1, rate * Int(Self.bufferMilliseconds) / 1000)
        for start in stride(from: 0, to: audio.count, by: buffer) {
            let stop = audio[start..<min(start + buffer, audio.count)].withUnsafeBufferPointer { synthesis.accept($0, events: nil) }
            if stop { break }
        }
        if let failure = synthesis.failure {
            device?.flush()
            throw failure
        }
        return finish(synthesis, voice: nil, cancelled: token.isCancelled)
    }

    /// Takes `lock`, polling so a cancelled `token` stops the wait for another instance's
    /// utterance; false (and not locked) when it was cancelled first.
    private func acquire(_ token: CallCheckpoint) -> Bool {
        while !lock.lock(before: Date().addingTimeInterval(Self.lockPoll)) {
            if token.isCancelled { return false }
        }
        return true
    }

    /// Makes `token` the one an urgent message elsewhere cancels (nil: nothing playing).
    private func publish(_ token: CallCheckpoint?) {
        activeTokenLock.lock()
        activeToken = token
        activeTokenLock.unlock()
    }

    /// Waits out the device's playback (WAV output is done once written) and reports.
    private func finish(_ synthesis: Synthesis, voice: String?, cancelled: Bool) -> Outcome {
        var cancelled = cancelled
        if case .device = synthesis.sink, let device {
            cancelled = synthesis.finishPlayback(on: device, cancelled: cancelled)
        }
        return Outcome(voice: voice, samples: synthesis.samples, sampleRate: synthesis.sampleRate,
                       file: synthesis.file, cancelled: cancelled)
    }

    fileprivate static func current() -> Synthesis? { shared.active }
}

/// espeak-ng's synth callback: a C function, so it finds the synthesis through the
/// engine, which set it on this same thread before calling espeak_ng_Synthesize.
private func synthCallback(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let synthesis = EspeakEngine.current() else { return 1 }
    let buffer = UnsafeBufferPointer(start: wav, count: wav == nil ? 0 : Int(max(count, 0)))
    return synthesis.accept(buffer, events: events) ? 1 : 0
}
