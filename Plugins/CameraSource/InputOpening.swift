import CLibAV
import Foundation
import LibAVMedia

/// How each kind of input is opened with libav, and what a failure to open it says.
enum InputOpening {
    /// A video or image file. Only the `file` protocol is allowed, and the path is
    /// given as a `file:` URL, so no `input` can make libav open a network URL (nothing
    /// leaves the machine, Invariant 3) or read "a:b.mp4" as protocol "a". Image file
    /// names are never taken as patterns ("scan%03d.png" is that one file).
    /// `place` says where the file stands in a folder ("picture 2 of 3 in '/scans'").
    static func file(_ path: String, place: String? = nil) throws -> MediaStream {
        do {
            return try MediaStream(url: "file:" + path, inputFormat: nil,
                                   options: ["protocol_whitelist": "file", "pattern_type": "none"],
                                   nonBlocking: false, probeStreams: true)
        } catch let failure as MediaStream.Failure {
            throw PictureFailure(message: "Cannot read '\(path)'\(place.map { " (\($0))" } ?? "") as a video or image: \(failure.reason)."
                                     + fileAdvice(failure.code), outcome: .failRun)
        }
    }

    /// A V4L2 camera through libavdevice's video4linux2 input, asked for `mode`. Reads
    /// do not block (the demuxer's own read waits without a timeout), so `CameraRun`
    /// can keep the host's frame timeout.
    static func camera(_ device: String, mode: CameraSourceConfig.CameraMode) throws -> MediaStream {
        _ = LibAV.devices
        guard let v4l2 = av_find_input_format("video4linux2") else {
            throw PictureFailure(message: "Cannot open camera '\(device)': this FFmpeg's libavdevice has no video4linux2 input; install Debian's libavdevice59.",
                                 outcome: .failRun)
        }
        do {
            return try MediaStream(url: device, inputFormat: v4l2,
                                   options: ["video_size": "\(mode.width)x\(mode.height)",
                                             "framerate": String(mode.framesPerSecond)],
                                   nonBlocking: true, probeStreams: false)
        } catch let failure as MediaStream.Failure {
            throw PictureFailure(message: "Cannot open camera '\(device)': \(failure.reason)." + cameraAdvice(failure.code),
                                 outcome: .failRun)
        }
    }

    /// The next step for a file that would not open, where the reason alone does not say it.
    static func fileAdvice(_ code: Int32) -> String {
        switch LibAV.errno(of: code) {
        case ENOENT: return " Check the path in the config key 'input'."
        case EACCES, EPERM: return " This user may not read it."
        case 0 where code == sb_av_error_decoder_not_found(): return " This FFmpeg has no decoder for its format."
        default: return ""
        }
    }

    /// The next step for a camera that would not open.
    static func cameraAdvice(_ code: Int32) -> String {
        switch LibAV.errno(of: code) {
        case ENOENT, ENODEV, ENXIO:
            return " Check that the camera is plugged in and which /dev/video* it is (v4l2-ctl --list-devices)."
        case EACCES, EPERM: return " This user may not use it; add the user to the 'video' group and log in again."
        case EBUSY: return " Another program is using it; close that program."
        case EINVAL, ENOTTY: return " It may not be a capture device (a camera's second /dev/video node is often for metadata only)."
        default: return ""
        }
    }
}
