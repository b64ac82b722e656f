import CLibAV
import LibAVMedia
import SenseBridgeCore

/// A V4L2 camera, from the open at start to the close at stop: pictures as the camera
/// delivers them, never an end.
///
/// The camera is opened non-blocking and polled every `pollNanoseconds` until the
/// call's deadline, because libavdevice's V4L2 read otherwise waits in the driver
/// without a timeout, and a source must return within the host's frame timeout or be
/// stopped as hung.
///
/// The camera is lost (`FailureOutcome.failRun`: this call and every later one of the
/// run fail with the reason) when a read fails, which is how V4L2 reports an unplug
/// (ENODEV, or EIO), and when it delivers nothing for `stallNanoseconds`: a device can
/// go quiet without an error, and silence must not pass for a working sensor.
/// A damaged picture is skipped; the next arrives within a frame interval.
///
/// Not exercised by the tests: this machine has no camera, and v4l2loopback needs a
/// kernel module. The missing-device test opens the same path; the rest is reviewed.
final class CameraRun: PictureRun {
    static let pollNanoseconds: UInt64 = 5_000_000
    /// Longer than any camera's start-up or a dark scene's slowest auto-exposure rate
    /// (a few frames a second), far shorter than a person would wait on a silent device.
    static let stallNanoseconds: UInt64 = 5_000_000_000

    private let device: String
    private let stream: MediaStream
    private let converter: PictureConverter
    private let clock: () -> UInt64
    private var lastPicture: UInt64
    /// Damaged pictures skipped in this run (logged by count at stop).
    private(set) var skipped = 0

    init(device: String, mode: CameraSourceConfig.CameraMode, converter: PictureConverter, clock: @escaping () -> UInt64) throws {
        self.device = device
        self.converter = converter
        self.clock = clock
        stream = try InputOpening.camera(device, mode: mode)
        lastPicture = clock()
    }

    func next(until deadline: UInt64) throws -> PictureRunNext {
        while true {
            let next: MediaStream.Next
            do {
                next = try stream.next()
            } catch let failure as MediaStream.Failure {
                let outcome = FailureOutcome.of(failure.phase, in: .camera)
                if outcome == .skipPicture {
                    skipped += 1
                    continue
                }
                throw PictureFailure(message: Self.lostMessage(device, code: failure.code), outcome: outcome)
            }
            switch next {
            case .decoded(let picture, _):
                lastPicture = clock()
                do {
                    return .picture(try converter.convert(picture), mediaNanoseconds: 0)
                } catch let problem as PictureConverter.Unconvertible {
                    // Every picture of this camera would fail the same way.
                    throw PictureFailure(message: "Camera '\(device)' delivers pictures that cannot be converted to \(converter.format.rawValue): \(problem).",
                                         outcome: .failRun)
                }
            case .ended:
                throw PictureFailure(message: "Camera '\(device)' stopped delivering pictures: its driver reported the end of the stream.",
                                     outcome: .failRun)
            case .notYet:
                let now = clock()
                if now &- lastPicture >= Self.stallNanoseconds {
                    throw PictureFailure(message: "Camera '\(device)' delivered no picture for \(Self.stallNanoseconds / 1_000_000_000) s; it was probably unplugged or has stopped.",
                                         outcome: .failRun)
                }
                guard now < deadline else { return .notYet }
                sleep(until: min(deadline, now + Self.pollNanoseconds), clock: clock)
            }
        }
    }

    /// What a person hears about a camera whose read failed: the device, libav's reason
    /// and, for the errors an unplug gives, that it was probably unplugged.
    static func lostMessage(_ device: String, code: Int32) -> String {
        let unplugged = [ENODEV, EIO, ENXIO].contains(LibAV.errno(of: code))
        return "Camera '\(device)' stopped delivering pictures: \(LibAV.describe(code))"
            + (unplugged ? "; it was probably unplugged or switched off." : ".")
    }
}
