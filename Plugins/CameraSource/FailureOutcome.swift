import LibAVMedia

/// What a libav failure means for a run, by input: the one place that tells a damaged
/// picture from an input that can no longer be read, such as a camera that went away.
///
/// A failed run is reported on every later call until the next start, never as the end
/// of the stream: a session must tell "the video ended" from "the camera was unplugged"
/// and say the second once (Invariant 6), holding its last state rather than taking the
/// silence for "nothing there" (Invariant 2). FreenectSource treats an unplug the same.
enum FailureOutcome: Equatable {
    /// Drop the picture and read the next. A camera's damaged frame (a USB glitch in
    /// MJPEG) is replaced by the next within a frame interval; reporting each would have
    /// the session announce a failure and a recovery for every glitch.
    case skipPicture
    /// This call fails, naming the file and libav's reason; the next call goes on with
    /// the next picture. One bad page in a folder, or one damaged stretch of a video,
    /// must not cost the rest.
    case failPicture
    /// This call and every later one in the run fail with the same message.
    case failRun

    enum Input: Equatable {
        case camera
        case file
        /// One picture of a folder, each opened on its own.
        case folderPicture
    }

    static func of(_ phase: MediaStream.Phase, in input: Input) -> FailureOutcome {
        switch (input, phase) {
        // A V4L2 read fails with ENODEV or EIO once the device is unplugged or powered
        // off, and the demuxer is unusable after any read error: the camera is lost.
        case (.camera, .open), (.camera, .read): return .failRun
        case (.camera, .decode): return .skipPicture
        // After a read error the demuxer's position is unknown; reading on would guess.
        case (.file, .open), (.file, .read): return .failRun
        case (.file, .decode): return .failPicture
        case (.folderPicture, _): return .failPicture
        }
    }
}

/// A failure a run reports, worded for the person who set `input`.
struct PictureFailure: Error, CustomStringConvertible {
    var message: String
    var outcome: FailureOutcome
    var description: String { message }
}
