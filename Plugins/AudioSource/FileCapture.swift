import CLibAV

/// An audio file, or a video's sound, read from its start: chunks at their media position
/// from the first sample, then the end.
final class FileCapture: AudioCapture {
    private let path: String
    private let decoder: AudioDecoder
    private let sampleRate: Int
    private let channels: Int
    private var firstTime: Int64?
    /// Where the chunk after the last one starts, for a chunk without a time of its own.
    private var nextTime: UInt64 = 0
    private var afterDamage = false

    init(path: String, sampleRate: Int, channels: Int) throws {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        do {
            // Only the `file` protocol, and the path as a `file:` URL: no `input` can make
            // libav open a network URL (Invariant 3) or read "a:b.wav" as protocol "a".
            decoder = try AudioDecoder(url: "file:" + path, inputFormat: nil, options: ["protocol_whitelist": "file"],
                                       nonBlocking: false, sampleRate: sampleRate, channels: channels)
        } catch let failure as AudioDecoder.Failure {
            throw CaptureFailure(message: "Cannot read '\(path)' as sound: \(failure.reason)." + Self.advice(failure.code), outcome: .failRun)
        }
    }

    func next(until deadline: UInt64) throws -> CaptureNext {
        let next: AudioDecoder.Next
        do {
            next = try decoder.next()
        } catch let failure as AudioDecoder.Failure {
            let at = String(format: "%.2f", Double(nextTime) / 1e9)
            if failure.phase == .decode {
                afterDamage = true
                throw CaptureFailure(message: "Cannot decode the sound of '\(path)' after \(at) s: \(failure.reason); the rest is read on.",
                                     outcome: .failCall)
            }
            throw CaptureFailure(message: "Cannot read on in '\(path)' after \(at) s: \(failure.reason).", outcome: .failRun)
        }
        switch next {
        case .samples(let samples, let streamTime):
            var start = nextTime
            if let streamTime {
                let first = firstTime ?? streamTime
                firstTime = first
                start = UInt64(max(streamTime - first, 0))
            }
            let frames = samples.count / channels
            nextTime = start + UInt64(frames) * 1_000_000_000 / UInt64(sampleRate)
            defer { afterDamage = false }
            return .chunk(CapturedChunk(samples: samples, startNanoseconds: start, followsGap: afterDamage))
        case .notYet:
            return .notYet
        case .ended:
            return .ended
        }
    }

    /// The next step for a file that would not open, where the reason alone does not say it.
    static func advice(_ code: Int32) -> String {
        switch sb_av_errno(code) {
        case ENOENT: return " Check the path in the config key 'input'."
        case EACCES, EPERM: return " This user may not read it."
        case 0 where code == sb_av_error_stream_not_found(): return " It holds no sound."
        case 0 where code == sb_av_error_decoder_not_found(): return " This FFmpeg has no decoder for its sound."
        default: return ""
        }
    }
}
