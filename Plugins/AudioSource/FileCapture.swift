import CLibAV
import LibAVMedia

/// An audio file, or a video's sound, read from its start: chunks at their media position
/// from the first sample, then the end.
final class FileCapture: AudioCapture {
    private let path: String
    private let stream: MediaStream
    private let converter: AudioConverter
    private let sampleRate: Int
    private let channels: Int
    /// Where the chunk after the last one starts, for a chunk without a time of its own.
    private var nextTime: UInt64 = 0
    private var afterDamage = false
    private var drained = false

    init(path: String, sampleRate: Int, channels: Int) throws {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        converter = AudioConverter(sampleRate: sampleRate, channels: channels)
        do {
            // Only the `file` protocol, and the path as a `file:` URL: no `input` can make
            // libav open a network URL (Invariant 3) or read "a:b.wav" as protocol "a".
            stream = try MediaStream(url: "file:" + path, inputFormat: nil, options: ["protocol_whitelist": "file"],
                                     nonBlocking: false, probeStreams: true, kind: AVMEDIA_TYPE_AUDIO)
        } catch let failure as MediaStream.Failure {
            throw CaptureFailure(message: "Cannot read '\(path)' as sound: \(failure.reason)." + Self.advice(failure.code), outcome: .failRun)
        }
    }

    func next(until deadline: UInt64) throws -> CaptureNext {
        do {
            switch try stream.next() {
            case .decoded(let frame, let media):
                // The resampler holds back the end of each frame until the next arrives, so
                // what comes out now starts that much before this frame.
                let heldBack = converter.heldBackNanoseconds
                let samples = try converter.convert(frame)
                return .chunk(chunk(samples, at: media.map { UInt64(max(Int64($0) - heldBack, 0)) }))
            case .notYet:
                return .notYet
            case .ended:
                guard !drained else { return .ended }
                drained = true
                let rest = try converter.drain()
                return rest.isEmpty ? .ended : .chunk(chunk(rest, at: nil))
            }
        } catch let failure as MediaStream.Failure {
            let at = String(format: "%.2f", Double(nextTime) / 1e9)
            if failure.phase == .decode {
                afterDamage = true
                throw CaptureFailure(message: "Cannot decode the sound of '\(path)' after \(at) s: \(failure.reason); the rest is read on.",
                                     outcome: .failCall)
            }
            throw CaptureFailure(message: "Cannot read on in '\(path)' after \(at) s: \(failure.reason).", outcome: .failRun)
        }
    }

    private func chunk(_ samples: [Float], at time: UInt64?) -> CapturedChunk {
        let start = time ?? nextTime
        nextTime = start + UInt64(samples.count / channels) * 1_000_000_000 / UInt64(sampleRate)
        defer { afterDamage = false }
        return CapturedChunk(samples: samples, startNanoseconds: start, followsGap: afterDamage)
    }

    /// The next step for a file that would not open, where the reason alone does not say it.
    static func advice(_ code: Int32) -> String {
        switch LibAV.errno(of: code) {
        case ENOENT: return " Check the path in the config key 'input'."
        case EACCES, EPERM: return " This user may not read it."
        case 0 where code == sb_av_error_stream_not_found(): return " It holds no sound."
        case 0 where code == sb_av_error_decoder_not_found(): return " This FFmpeg has no decoder for its sound."
        default: return ""
        }
    }
}
