import CLibAV
import LibAVMedia

/// An ALSA capture device through libavdevice's `alsa` input, from the open at start to
/// the close at stop: sound as the device delivers it, never an end.
///
/// The device is opened non-blocking and polled every `pollNanoseconds` until the call's
/// deadline, so a call keeps the host's frame timeout. libavdevice stamps each packet with
/// the wall clock at its first sample (the read time less what ALSA still buffered); the
/// chunk's time is that moment moved onto the host's clock.
///
/// The device is lost (`failRun`) when a read fails, which is how ALSA reports an unplug
/// (ENODEV, EIO), and when it delivers nothing for `MicrophoneStall.nanoseconds`.
///
/// Not exercised by the tests: there is no sound card where they run (the missing-device
/// test opens the same path); the pulse path is tested through a real sound server.
final class AlsaCapture: AudioCapture {
    static let pollNanoseconds: UInt64 = 5_000_000

    private let device: String
    private let stream: MediaStream
    private let converter: AudioConverter
    private let clock: () -> UInt64
    private var lastSound: UInt64

    init(device: String, sampleRate: Int, channels: Int, clock: @escaping () -> UInt64) throws {
        _ = LibAV.devices
        self.device = device
        self.clock = clock
        converter = AudioConverter(sampleRate: sampleRate, channels: channels)
        guard let alsa = av_find_input_format("alsa") else {
            throw CaptureFailure(message: "Cannot open microphone 'alsa:\(device)': this FFmpeg's libavdevice has no ALSA input.", outcome: .failRun)
        }
        do {
            stream = try MediaStream(url: device, inputFormat: alsa, options: [:], nonBlocking: true, probeStreams: false,
                                     kind: AVMEDIA_TYPE_AUDIO)
        } catch let failure as MediaStream.Failure {
            throw CaptureFailure(message: "Cannot open microphone 'alsa:\(device)': \(failure.reason)."
                                     + " Check the device's name (arecord -L) and that this user is in the 'audio' group.",
                                 outcome: .failRun)
        }
        lastSound = clock()
    }

    func next(until deadline: UInt64) throws -> CaptureNext {
        while true {
            let next: MediaStream.Next
            let samples: [Float]
            do {
                next = try stream.next()
                if case .decoded(let frame, _) = next { samples = try converter.convert(frame) } else { samples = [] }
            } catch let failure as MediaStream.Failure {
                throw CaptureFailure(message: "Lost microphone 'alsa:\(device)': \(failure.reason); it was probably unplugged.",
                                     outcome: .failRun)
            }
            switch next {
            case .decoded(let frame, _):
                let now = clock()
                lastSound = now
                // How long ago the first sample was heard, by the wall clock libavdevice
                // stamped the packet with.
                let stamp = frame.pointee.best_effort_timestamp
                let wall = stamp == sb_av_no_pts() ? nil : av_rescale_q(stamp, stream.timeBase, AVRational(num: 1, den: 1_000_000))
                let age = wall.map { UInt64(max(av_gettime() - $0, 0)) * 1000 } ?? 0
                return .chunk(CapturedChunk(samples: samples, startNanoseconds: now > age ? now - age : 0))
            case .ended:
                throw CaptureFailure(message: "Lost microphone 'alsa:\(device)': its driver reported the end of the stream.",
                                     outcome: .failRun)
            case .notYet:
                let now = clock()
                if now &- lastSound >= MicrophoneStall.nanoseconds {
                    throw CaptureFailure(message: MicrophoneStall.message("microphone 'alsa:\(device)'"), outcome: .failRun)
                }
                guard now < deadline else { return .notYet }
                sleep(until: min(deadline, now + Self.pollNanoseconds), clock: clock)
            }
        }
    }
}

/// A live input that delivers no samples at all (not silence: nothing) has stopped, even
/// when it reports no error: silence from a dead device must not pass for a quiet room
/// (Invariant 2).
enum MicrophoneStall {
    /// A microphone delivers every few tens of milliseconds while it runs; five seconds is
    /// far longer than any start-up, and far shorter than a person would wait on it.
    static let nanoseconds: UInt64 = 5_000_000_000

    static func message(_ what: String) -> String {
        "Lost \(what): it delivered no sound for \(nanoseconds / 1_000_000_000) s; it was probably unplugged or has stopped."
    }
}
