import Foundation
import LibAVMedia
import SenseBridgeCore
import SenseBridgePluginKit

/// Sound for a perceiver to hear, from a microphone (the sound server's, or ALSA's by
/// name) or from any audio file or video libavformat reads (docs/AUDIO_SOURCE.md).
///
/// Every frame is an audio block of `blockMilliseconds` (the last of a file, and one cut
/// short by a gap, may be shorter) in 32-bit float at the config's `sampleRate` and
/// `channels`: what the perceivers' manifests ask for, which the host sets. A file is
/// converted with libswresample, the sound server converts a microphone itself.
///
/// How a run ends, as a session needs to tell them apart:
/// - a file with no more sound: `SB_ERR_END_OF_STREAM`, on that call and every later one;
/// - a microphone that went away (the sound server stopped, the device was unplugged, no
///   samples for 5 s): `SB_ERR_IO` naming the microphone and the reason, on that call and
///   every later one until the next start, never an end of stream, so the session says
///   once that listening stopped and never takes the silence for a quiet room
///   (Invariant 2), as the camera source does with an unplugged camera;
/// - a damaged stretch of a file: `SB_ERR_IO` naming the file, the position and libav's
///   reason for that call; the next call goes on, and its block starts afresh.
///
/// The microphone is open only between start and stop (privacy: docs/PRIVACY.md). Create
/// checks what it can without recording: a file is opened and its first sound decoded; the
/// sound server is asked whether it has the source; an ALSA device can only be checked by
/// opening it, so at start. What was heard is never logged or written (Invariants 4 and
/// 11): the log has events and the input's kind only.
final class AudioSource: SensingSourcePlugin {
    private let host: HostServices
    private let settings: AudioSourceConfig
    private let input: AudioInput
    private var capture: AudioCapture?
    private var assembler: BlockAssembler
    /// Blocks made but not yet handed out: a gap's shorter block comes before the next,
    /// and in real time a block waits for its moment.
    private var ready: [AudioBlock] = []
    private var inputEnded = false
    private var ended = false
    private var runStart: UInt64 = 0
    private var runID: UInt64 = 0
    /// Set once the run cannot go on; every later call of the run fails with it.
    private var runFailure: String?

    init(host: HostServices, config: PluginConfig) throws {
        settings = try AudioSourceConfig(config)
        input = AudioInput(settings.input)
        self.host = host
        assembler = BlockAssembler(sampleRate: settings.sampleRate, channels: settings.channels, blockFrames: settings.blockFrames)
        try check()
        host.log(.info, "audio.checked", [("input", .public(input.kind)), ("sampleRate", .public(String(settings.sampleRate))),
                                         ("channels", .public(String(settings.channels)))])
    }

    /// Fails create, naming the input, when it cannot be heard (Invariant 8).
    private func check() throws {
        switch input {
        case .file:
            do {
                let capture = try openCapture()
                while true {
                    switch try capture.next(until: .max) {
                    case .chunk(let chunk) where !chunk.samples.isEmpty: return
                    case .chunk, .notYet: continue
                    case .ended: throw PluginError.io("\(input.name) holds no sound libav can decode.")
                    }
                }
            } catch let failure as CaptureFailure {
                throw PluginError.io(failure.message)
            }
        case .pulse(let source):
            do {
                let connection = try PulseConnection { [host] in host.monotonicNanoseconds() }
                guard try connection.hasSource(source) else {
                    throw PluginError.io(source.map { "Cannot open \(input.name): the sound server has no source '\($0)'. List the microphones it has with 'pactl list short sources'." }
                                         ?? "Cannot open \(input.name): the sound server has no microphone. Plug one in, or name one with \"pulse:SOURCE\".")
                }
            } catch let failure as PulseConnection.Failure {
                throw PluginError.io(PulseCapture.unreachable(input.name, failure.reason))
            }
        case .alsa:
            return
        }
    }

    private func openCapture() throws -> AudioCapture {
        let clock = { [host] in host.monotonicNanoseconds() }
        switch input {
        case .file(let path):
            return try FileCapture(path: path, sampleRate: settings.sampleRate, channels: settings.channels)
        case .pulse(let source):
            return try PulseCapture(source: source, name: input.name, sampleRate: settings.sampleRate, channels: settings.channels, clock: clock)
        case .alsa(let device):
            return try AlsaCapture(device: device, sampleRate: settings.sampleRate, channels: settings.channels, clock: clock)
        }
    }

    func start() throws {
        stop()
        do {
            capture = try openCapture()
        } catch let failure as CaptureFailure {
            throw PluginError.io(failure.message)
        }
        runID += 1
        runStart = host.monotonicNanoseconds()
        host.log(.info, "audio.started", [("input", .public(input.kind))])
    }

    /// A microphone gone mid-run is the device gone (SB_ERR_UNAVAILABLE, as ABI 1.5 named
    /// it), which the host says as "the microphone was disconnected"; a file that cannot be
    /// read on is the file's fault (SB_ERR_IO).
    private func lost(_ message: String) -> PluginError {
        input.isLive ? PluginError(.unavailable, message) : PluginError.io(message)
    }

    func nextFrame(timeoutMilliseconds: UInt32) throws -> SensingFrame? {
        guard let capture else { throw PluginError.notStarted }
        if let runFailure { throw lost(runFailure) }
        if ended { throw Self.noMoreSound }
        let deadline = host.monotonicNanoseconds() &+ UInt64(timeoutMilliseconds) * 1_000_000
        while true {
            if let block = ready.first ?? assembler.nextBlock() ?? (inputEnded ? assembler.finish() : nil) {
                if ready.isEmpty { ready.append(block) }
                return hand(out: block, deadline: deadline)
            }
            if inputEnded {
                ended = true
                throw Self.noMoreSound
            }
            do {
                switch try capture.next(until: deadline) {
                case .chunk(let chunk):
                    if let flushed = assembler.append(chunk) { ready.append(flushed) }
                case .notYet:
                    return nil
                case .ended:
                    inputEnded = true
                }
            } catch let failure as CaptureFailure {
                if failure.outcome == .failRun {
                    runFailure = failure.message
                    host.log(.error, "audio.lost", [("input", .public(input.kind))])
                    throw lost(failure.message)
                }
                throw PluginError.io(failure.message)
            }
        }
    }

    /// The first ready block as a frame, at its moment: a file read in real time hands a
    /// block out once its last sample would have been heard, stamped with its first on the
    /// host's clock; otherwise at once. Nil, keeping the block, when its moment is past
    /// `deadline`.
    private func hand(out block: AudioBlock, deadline: UInt64) -> SensingFrame? {
        var stamped = block
        if case .file = input, settings.realtime {
            let due = runStart &+ block.firstSampleNanoseconds &+ block.durationNanoseconds
            guard due <= deadline else {
                sleep(until: deadline) { host.monotonicNanoseconds() }
                return nil
            }
            sleep(until: due) { host.monotonicNanoseconds() }
            stamped.firstSampleNanoseconds = runStart &+ block.firstSampleNanoseconds
        }
        ready.removeFirst()
        return SensingFrame(timestampNanoseconds: stamped.firstSampleNanoseconds, runID: runID, content: .audio(stamped))
    }

    /// Closes the microphone (or file) now: nothing of the run is kept.
    func stop() {
        if capture != nil { host.log(.info, "audio.stopped", [("input", .public(input.kind))]) }
        capture = nil
        assembler = BlockAssembler(sampleRate: settings.sampleRate, channels: settings.channels, blockFrames: settings.blockFrames)
        ready = []
        inputEnded = false
        ended = false
        runFailure = nil
    }

    static let noMoreSound = PluginError(.endOfStream, "The input has no more sound (the end of the file).")
}

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.sensingSource(AudioSource.self, id: "org.sensebridge.audio-source", version: "1.0.0", abiMinor: 7,
                               selfTests: AudioSelfTests.all)
}
