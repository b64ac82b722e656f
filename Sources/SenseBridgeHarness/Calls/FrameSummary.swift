import CSenseBridgeABI
import SenseBridgeABICodec
import SenseBridgeCore

/// What the checks need of a frame, read before the next call frees it, and what
/// was wrong with its shape. The frame is decoded by the host's own codec, which
/// reads every sample: a bad pointer crashes inside the check that read it.
struct FrameSummary {
    var timestamp: UInt64
    var runID: UInt64
    var problem: String?
    /// An audio block's shape and span, so consecutive blocks can be compared.
    var audio: AudioSpan?

    struct AudioSpan {
        var sampleRate: Int
        var channels: Int
        var start: UInt64
        var end: UInt64
        var continuesPrevious: Bool
    }

    static let continuityToleranceNanoseconds: UInt64 = 50_000_000

    init(_ c: sb_frame) {
        timestamp = c.timestamp_ns
        runID = c.run_id
        switch FrameCodec.decode(c) {
        case .failure(let failure): problem = failure.reason
        case .success(let frame):
            guard case .audio(let block) = frame.content else { break }
            audio = AudioSpan(sampleRate: block.sampleRate, channels: block.channels, start: block.firstSampleNanoseconds,
                              end: block.endNanoseconds, continuesPrevious: block.continuesPrevious)
            if block.firstSampleNanoseconds != c.timestamp_ns {
                problem = "an audio frame's timestamp_ns \(c.timestamp_ns) is not its block's first_sample_ns \(block.firstSampleNanoseconds)"
            }
        }
    }

    /// Why `self` cannot follow `previous` in one audio stream, or nil: a block that says
    /// it continues the one before has its rate and channels and starts where it ended,
    /// since a listener stitches them into one signal. Within 50 ms: a live source stamps
    /// each block by the clock it was captured at, and a sound server hands samples in
    /// bursts, so a continuous stream's stamps wander by tens of milliseconds; more than
    /// that is samples lost, which must be flagged.
    func audioProblem(after previous: FrameSummary) -> String? {
        guard let now = audio, now.continuesPrevious, let before = previous.audio else { return nil }
        if now.sampleRate != before.sampleRate || now.channels != before.channels {
            return "a block at \(now.sampleRate) Hz x \(now.channels) continues one at \(before.sampleRate) Hz x \(before.channels) without SB_AUDIO_DISCONTINUOUS"
        }
        let tolerance = max(UInt64(1_000_000_000 / now.sampleRate) + 1, Self.continuityToleranceNanoseconds)
        if now.start + tolerance < before.end || now.start > before.end + tolerance {
            return "a block starting at \(now.start) ns continues one that ended at \(before.end) ns without SB_AUDIO_DISCONTINUOUS; a continuing block starts where the last ended (within 50 ms)"
        }
        return nil
    }
}
