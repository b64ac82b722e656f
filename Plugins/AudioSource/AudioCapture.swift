import Foundation

/// One run of an input, from start to stop: sound converted to the asked format, in
/// chunks as the input delivers them. Failures are thrown as `CaptureFailure`, whose
/// outcome says whether the run goes on.
protocol AudioCapture: AnyObject {
    /// The next chunk, `.notYet` when none came before `deadline` (the host's clock),
    /// `.ended` when the input has no more (a file; a microphone never ends).
    func next(until deadline: UInt64) throws -> CaptureNext
}

enum CaptureNext {
    case chunk(CapturedChunk)
    case notYet
    case ended
}

/// Samples as an input delivered them, already interleaved 32-bit float at the asked
/// rate and channels.
struct CapturedChunk {
    var samples: [Float]
    /// When the first sample was heard: for a microphone the host's clock, for a file its
    /// media position from the first sample (`BlockAssembler` checks the two agree with
    /// what came before).
    var startNanoseconds: UInt64
    /// The input knows sound was lost just before this chunk (the sound server dropped
    /// what was not read in time, a damaged stretch of a file was skipped).
    var followsGap = false
}

/// What a failure means for the run.
enum CaptureOutcome: Equatable {
    /// This call fails, naming the input and the reason; the next call goes on after a
    /// gap. One damaged stretch of a file must not cost the rest of it.
    case failCall
    /// This call and every later one of the run fail with the same message: the input is
    /// lost (the sound server went away, the device was unplugged, a file cannot be read
    /// on). Never the end of the stream, which would let a session take a failed
    /// microphone for quiet (Invariant 2).
    case failRun
}

/// A failure a run reports, worded for the person who set `input`.
struct CaptureFailure: Error, CustomStringConvertible {
    var message: String
    var outcome: CaptureOutcome
    var description: String { message }
}
