import CLibAV
import LibAVMedia
import SenseBridgePluginKit

/// The rules that decide a camera's fate, run inside the library by the harness
/// (`self-test:<name>`): there is no camera where the tests run, so the pure rules
/// behind an unplug and a camera's timestamps are checked with plain values here,
/// and the V4L2 reads around them by review (docs/CAMERA_SOURCE.md).
enum CameraSelfTests {
    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    static func expect(_ condition: Bool, _ what: @autoclosure () -> String) throws {
        if !condition { throw Failed(description: what()) }
    }

    static let all: [PluginSelfTest] = [
        PluginSelfTest("camera-read-error-is-lost-not-ended") { _ in
            for errno in [ENODEV, EIO] {
                let code = sb_av_error_from_errno(errno)
                try expect(FailureOutcome.of(.read, in: .camera) == .failRun, "a camera read error must fail the run")
                let message = CameraRun.lostMessage("/dev/video0", code: code)
                try expect(message.contains("/dev/video0") && message.contains("unplugged") && message.contains(LibAV.describe(code)),
                           "errno \(errno): '\(message)' must name the camera, libav's reason and the likely unplug")
            }
            try expect(FailureOutcome.of(.decode, in: .camera) == .skipPicture, "a camera's damaged picture is skipped")
        },
        PluginSelfTest("file-and-folder-failures") { _ in
            try expect(FailureOutcome.of(.decode, in: .file) == .failPicture, "a video's damaged picture fails one call")
            try expect(FailureOutcome.of(.read, in: .file) == .failRun, "a file that cannot be read on fails the run")
            for phase in [MediaStream.Phase.open, .read, .decode] {
                try expect(FailureOutcome.of(phase, in: .folderPicture) == .failPicture, "one bad page must not end the folder")
            }
        },
        PluginSelfTest("camera-timestamps-strictly-increase") { _ in
            var timing = FrameTiming(clock: .camera, runStart: 500)
            let stamps = [1_000, 1_000, 900, 2_000].map { timing.stamp(mediaNanoseconds: 0, now: $0) }
            try expect(stamps == [1_000, 1_001, 1_002, 2_000], "camera stamps \(stamps): the host's clock, strictly increasing")
            try expect(timing.due(mediaNanoseconds: 10) == nil, "a camera's picture is never held back")
        },
        PluginSelfTest("media-timestamps-by-pace") { _ in
            var fast = FrameTiming(clock: .media(realtime: false), runStart: 7_000)
            let stamps = [0, 100, 100, 50].map { fast.stamp(mediaNanoseconds: $0, now: 99_999) }
            try expect(stamps == [0, 100, 101, 102], "as fast as possible stamps \(stamps): media time from zero, strictly increasing")
            try expect(fast.due(mediaNanoseconds: 100) == nil, "as fast as possible holds nothing back")
            var paced = FrameTiming(clock: .media(realtime: true), runStart: 7_000)
            try expect(paced.due(mediaNanoseconds: 100) == 7_100, "real time: due at the run's start plus media time")
            try expect(paced.stamp(mediaNanoseconds: 100, now: 7_150) == 7_100, "real time: stamped with its due time")
        },
    ]
}
