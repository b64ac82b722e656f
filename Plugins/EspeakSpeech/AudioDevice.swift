import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The sound device, opened through pcaudiolib — the library espeak-ng itself plays
/// through (libespeak-ng links it, so it is always present where espeak-ng is).
///
/// Why not espeak-ng's own playback modes: in AUDIO_OUTPUT_SYNCH_PLAYBACK the synth
/// callback is never called, so there is no point at which synthesis can be stopped,
/// and espeak_Cancel from another thread would flush the device while the speaking
/// thread writes to it. AUDIO_OUTPUT_PLAYBACK starts espeak's queue thread every time
/// it is selected, so it cannot alternate with the synchronous mode WAV output needs.
/// Synthesizing synchronously and writing each buffer here gives one code path for
/// both outputs and an interrupt that takes effect within one buffer.
///
/// Only used under `EspeakEngine`'s lock, from the speaking thread.
final class AudioDevice {
    private typealias Create = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias Open = @convention(c) (OpaquePointer?, UInt32, UInt32, UInt8) -> Int32
    private typealias Object = @convention(c) (OpaquePointer?) -> Void
    private typealias Write = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    private typealias Control = @convention(c) (OpaquePointer?) -> Int32
    private typealias StrError = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?

    /// pcaudiolib's AUDIO_OBJECT_FORMAT_S16LE: espeak-ng produces 16-bit mono samples.
    private static let formatS16LE: UInt32 = 2

    private struct Functions {
        let create: Create, open: Open, close: Object, destroy: Object
        let write: Write, drain: Control, flush: Control, strerror: StrError
    }

    private static let functions: Functions? = {
        guard let library = dlopen("libpcaudio.so.0", RTLD_NOW) else { return nil }
        silenceALSADiagnostics()
        func symbol<T>(_ name: String, _: T.Type) -> T? {
            dlsym(library, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let create = symbol("create_audio_device_object", Create.self),
              let open = symbol("audio_object_open", Open.self),
              let close = symbol("audio_object_close", Object.self),
              let destroy = symbol("audio_object_destroy", Object.self),
              let write = symbol("audio_object_write", Write.self),
              let drain = symbol("audio_object_drain", Control.self),
              let flush = symbol("audio_object_flush", Control.self),
              let strerror = symbol("audio_object_strerror", StrError.self) else { return nil }
        return Functions(create: create, open: open, close: close, destroy: destroy,
                         write: write, drain: drain, flush: flush, strerror: strerror)
    }()

    struct Failure: Error {
        let reason: String
    }

    /// ALSA prints its own probing errors ("cannot find card '0'") straight to stderr,
    /// between the host's results; the plugin reports a missing device itself, once.
    /// The handler ALSA declares is variadic, which Swift cannot define; a handler that
    /// reads none of the variadic arguments is called correctly on the SysV ABI.
    private static func silenceALSADiagnostics() {
        guard let alsa = dlopen("libasound.so.2", RTLD_NOW | RTLD_NOLOAD),
              let setter = dlsym(alsa, "snd_lib_error_set_handler") else { return }
        typealias Handler = @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?) -> Void
        typealias Setter = @convention(c) (Handler?) -> Int32
        let ignore: Handler = { _, _, _, _, _ in }
        _ = unsafeBitCast(setter, to: Setter.self)(ignore)
    }

    private let f: Functions
    private let object: OpaquePointer
    private(set) var sampleRate: Int

    /// Opens the default device at `sampleRate`; fails with the reason when there is none.
    init(sampleRate: Int) throws {
        guard let f = Self.functions else {
            throw Failure(reason: "libpcaudio.so.0, which espeak-ng plays sound through, could not be loaded")
        }
        guard let object = f.create(nil, "SenseBridge", "Speech") else {
            throw Failure(reason: "no PulseAudio, ALSA or OSS output is available")
        }
        let status = f.open(object, Self.formatS16LE, UInt32(sampleRate), 1)
        guard status == 0 else {
            let reason = f.strerror(object, status).map { String(cString: $0) } ?? "error \(status)"
            f.destroy(object)
            throw Failure(reason: "the audio device could not be opened (\(reason))")
        }
        self.f = f
        self.object = object
        self.sampleRate = sampleRate
        prime()
    }

    /// Plays a few milliseconds of silence. A new PulseAudio stream can hold its first
    /// write for over a second while it starts; paying that here, when the target loads,
    /// keeps it off the first thing said — which may be an obstacle alert — and off the
    /// path of an interrupt.
    private func prime() {
        let silence = [Int16](repeating: 0, count: sampleRate / 50)
        silence.withUnsafeBytes { _ = f.write(object, $0.baseAddress, $0.count) }
        _ = f.drain(object)
    }

    deinit {
        f.close(object)
        f.destroy(object)
    }

    /// Reopens at another rate (an mbrola voice runs at 16 kHz, espeak's own at 22.05 kHz).
    func reopen(sampleRate rate: Int) throws {
        guard rate != sampleRate else { return }
        f.close(object)
        let status = f.open(object, Self.formatS16LE, UInt32(rate), 1)
        guard status == 0 else { throw Failure(reason: message(status)) }
        sampleRate = rate
        prime()
    }

    /// Blocks while the device's buffer is full, so it paces synthesis to playback.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        let status = f.write(object, UnsafeRawPointer(samples.baseAddress), samples.count * 2)
        guard status == 0 else { throw Failure(reason: message(status)) }
    }

    /// Waits for what is queued to finish playing.
    func drain() { _ = f.drain(object) }

    /// Drops what is queued: the interrupt path.
    func flush() { _ = f.flush(object) }

    private func message(_ status: Int32) -> String {
        f.strerror(object, status).map { String(cString: $0) } ?? "error \(status)"
    }
}
