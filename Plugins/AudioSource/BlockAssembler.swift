import SenseBridgeCore

/// Cuts the chunks an input delivers into blocks of one length, and decides each block's
/// timestamp and whether it follows the one before. Pure: no clock, no I/O, so every rule
/// is checked with plain numbers (AudioSelfTests).
///
/// - A block's timestamp is the time of its first sample on the chunks' timeline (the
///   host's clock for a microphone, the media position for a file). Each chunk brings its
///   own measured time, and the samples still waiting are re-anchored to it, so a sound
///   card's clock drifting from the host's (0.01 % is common: a third of a second an
///   hour) never accumulates into the timestamps.
/// - A chunk that does not start where the one before ended, give or take
///   `gapToleranceNanoseconds`, or that its input says follows a gap, starts afresh: what
///   was waiting goes out as a shorter block, and the next block says it does not
///   continue the previous one, so a perceiver does not join two sounds across the hole.
///   The first block of a run never continues anything.
/// - Timestamps strictly increase within a run, as the ABI requires, even when a
///   measured time steps back.
struct BlockAssembler {
    /// Above the jitter of a live input's measured times (a sound server's latency
    /// estimate moves by a few milliseconds from one 20 ms fragment to the next), below
    /// the shortest sound a perceiver must not lose unnoticed: a temporal-four alarm's
    /// 100 ms pulse.
    static let gapToleranceNanoseconds: UInt64 = 40_000_000

    let sampleRate: Int
    let channels: Int
    let blockFrames: Int

    private var pending: [Float] = []
    private var pendingStart: UInt64 = 0
    /// Where the next chunk should start; nil before the first.
    private var expectedNext: UInt64?
    private var nextContinues = false
    private var lastStamp: UInt64?

    init(sampleRate: Int, channels: Int, blockFrames: Int) {
        precondition(sampleRate > 0 && channels > 0 && blockFrames > 0, "a block needs a rate, channels and a length")
        self.sampleRate = sampleRate
        self.channels = channels
        self.blockFrames = blockFrames
    }

    func nanoseconds(frames: Int) -> UInt64 {
        UInt64(frames) * 1_000_000_000 / UInt64(sampleRate)
    }

    private var pendingFrames: Int { pending.count / channels }

    /// Takes a chunk in; returns the shorter block a gap flushed, if any.
    mutating func append(_ chunk: CapturedChunk) -> AudioBlock? {
        let frames = chunk.samples.count / channels
        guard frames > 0 else { return nil }
        var flushed: AudioBlock?
        let gap = expectedNext.map { expected in
            chunk.followsGap || max(expected, chunk.startNanoseconds) - min(expected, chunk.startNanoseconds) > Self.gapToleranceNanoseconds
        } ?? true
        if gap {
            if pendingFrames > 0 { flushed = take(frames: pendingFrames) }
            nextContinues = false
            pendingStart = chunk.startNanoseconds
        } else {
            let waiting = nanoseconds(frames: pendingFrames)
            pendingStart = chunk.startNanoseconds >= waiting ? chunk.startNanoseconds - waiting : pendingStart
        }
        pending += chunk.samples.prefix(frames * channels)
        expectedNext = chunk.startNanoseconds + nanoseconds(frames: frames)
        return flushed
    }

    /// A whole block, when enough samples wait.
    mutating func nextBlock() -> AudioBlock? {
        pendingFrames >= blockFrames ? take(frames: blockFrames) : nil
    }

    /// What is left at the end of the input, as a last, shorter block.
    mutating func finish() -> AudioBlock? {
        pendingFrames > 0 ? take(frames: pendingFrames) : nil
    }

    private mutating func take(frames: Int) -> AudioBlock {
        let count = frames * channels
        let stamp = lastStamp.map { max(pendingStart, $0 + 1) } ?? pendingStart
        lastStamp = stamp
        let block = AudioBlock(sampleRate: sampleRate, channels: channels, samples: Array(pending.prefix(count)),
                               firstSampleNanoseconds: stamp, continuesPrevious: nextContinues)
        pending.removeFirst(count)
        pendingStart += nanoseconds(frames: frames)
        nextContinues = true
        return block
    }
}
