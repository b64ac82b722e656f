/// One block of sound from a microphone or an audio file, as the host and a Swift plugin
/// both see it: float samples, interleaved, at the rate the session asked the source for.
///
/// Float only, because every analysis reads floats and a 16-bit source is converted once
/// by the codec: a listener never branches on a sample format. The first sample's time
/// places a sound against everything else the session perceived, and `continuesPrevious`
/// tells a listener that keeps history (a pattern spanning several blocks) when that
/// history no longer leads into this block.
///
/// Audio is user content: it lives in memory only, is never logged, written or sent
/// (Invariant 11).
public struct AudioBlock: Equatable, Sendable {
    /// Samples per second per channel.
    public var sampleRate: Int
    public var channels: Int
    /// `frameCount * channels` samples, interleaved, full scale -1...1.
    public var samples: [Float]
    /// When the first sample was heard: the host's monotonic clock for a live input, the
    /// position from the file's start for a file.
    public var firstSampleNanoseconds: UInt64
    /// False for the first block of a run and for one after samples were lost.
    public var continuesPrevious: Bool

    public init(sampleRate: Int, channels: Int, samples: [Float], firstSampleNanoseconds: UInt64,
                continuesPrevious: Bool) {
        precondition(sampleRate > 0 && channels > 0, "AudioBlock needs a positive rate and channel count")
        precondition(samples.count % channels == 0, "AudioBlock needs whole frames of interleaved samples")
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
        self.firstSampleNanoseconds = firstSampleNanoseconds
        self.continuesPrevious = continuesPrevious
    }

    /// Samples per channel.
    public var frameCount: Int { samples.count / channels }

    public var durationNanoseconds: UInt64 {
        UInt64(frameCount) * 1_000_000_000 / UInt64(sampleRate)
    }

    /// Just past the last sample: where the next continuous block begins.
    public var endNanoseconds: UInt64 { firstSampleNanoseconds + durationNanoseconds }
}

/// What a perceiver is handed: a picture to look at or a block of sound to hear. One
/// perceiver takes one of the two, as its manifest's modalities say.
public enum PerceptionInput: Equatable, Sendable {
    case image(ImageFrame)
    case audio(AudioBlock)
}
