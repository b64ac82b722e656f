import CSenseBridgeABI
import SenseBridgeCore

/// `sb_audio` <-> `AudioBlock`.
///
/// A source may hand 16-bit or float samples; the Swift side is float only, so the
/// conversion happens here once and a listener written in Swift never branches on a
/// format. Toward a plugin the host always writes SB_SAMPLE_F32, as the header promises.
public enum AudioCodec {
    /// Copies the samples out of borrowed or plugin-owned memory. Refuses what no
    /// listener could use, naming the shape, never a sample (audio is user content).
    public static func decode(_ c: sb_audio) -> Result<AudioBlock, FrameCodec.Problem> {
        guard c.struct_size >= UInt32(MemoryLayout<sb_audio>.size) else {
            return .failure(.init(reason: "an audio block's struct_size \(c.struct_size) is smaller than the 1.6 sb_audio"))
        }
        let rate = Int(c.sample_rate), channels = Int(c.channels), frames = Int(c.frame_count)
        guard ABICodec.audioSampleRates.contains(rate) else {
            return .failure(.init(reason: "an audio block's sample_rate \(rate) is outside \(ABICodec.audioSampleRates.lowerBound)...\(ABICodec.audioSampleRates.upperBound) Hz"))
        }
        guard (1...ABICodec.maximumAudioChannels).contains(channels) else {
            return .failure(.init(reason: "an audio block has \(channels) channels; 1 to \(ABICodec.maximumAudioChannels) are accepted"))
        }
        guard frames >= 1, frames <= rate * ABICodec.maximumAudioBlockSeconds else {
            return .failure(.init(reason: "an audio block's frame_count \(frames) is outside 1...\(rate * ABICodec.maximumAudioBlockSeconds) (10 s at its rate)"))
        }
        guard let raw = c.samples else { return .failure(.init(reason: "an audio block's samples is NULL")) }
        let count = frames * channels
        var samples = [Float](repeating: 0, count: count)
        switch c.format {
        case SB_SAMPLE_F32:
            samples.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: raw, byteCount: count * 4) }
            // A NaN or an infinity is no sound; it would poison every energy a listener sums.
            if let bad = samples.firstIndex(where: { !$0.isFinite }) {
                return .failure(.init(reason: "an audio block's sample \(bad) is not finite"))
            }
        case SB_SAMPLE_S16:
            let source = raw.assumingMemoryBound(to: Int16.self)
            for index in 0..<count { samples[index] = Float(source[index]) / 32768 }
        default:
            return .failure(.init(reason: "an audio block's format \(c.format) is not SB_SAMPLE_S16 or SB_SAMPLE_F32"))
        }
        return .success(AudioBlock(sampleRate: rate, channels: channels, samples: samples,
                                   firstSampleNanoseconds: c.first_sample_ns,
                                   continuesPrevious: c.flags & SB_AUDIO_DISCONTINUOUS == 0))
    }

    /// The C form of `block` (SB_SAMPLE_F32), its samples valid as long as `arena` keeps its contents.
    public static func encode(_ block: AudioBlock, into arena: CArena) -> UnsafePointer<sb_audio> {
        var c = sb_audio()
        c.struct_size = UInt32(MemoryLayout<sb_audio>.size)
        c.format = SB_SAMPLE_F32
        c.sample_rate = UInt32(block.sampleRate)
        c.channels = UInt32(block.channels)
        c.flags = block.continuesPrevious ? 0 : SB_AUDIO_DISCONTINUOUS
        c.frame_count = UInt32(block.frameCount)
        c.first_sample_ns = block.firstSampleNanoseconds
        c.samples = UnsafeRawPointer(arena.array(block.samples))
        return arena.array([c])!
    }
}
