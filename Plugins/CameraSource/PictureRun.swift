import Foundation
import SenseBridgeCore

/// One run of an input, from start to stop: converted pictures with their media times.
/// Failures are thrown as `PictureFailure`, whose outcome says whether the run goes on.
protocol PictureRun: AnyObject {
    /// The next picture, `.notYet` when none came before `deadline` (the host's clock),
    /// `.ended` when the input has no more.
    func next(until deadline: UInt64) throws -> PictureRunNext
}

enum PictureRunNext {
    /// `mediaNanoseconds` is the picture's time from the run's first (0 for a camera,
    /// whose pictures are stamped on the host's clock).
    case picture(ImageFrame, mediaNanoseconds: UInt64)
    case notYet
    case ended
}
