import Foundation
import LibAVMedia
import SenseBridgeCore
import SenseBridgePluginKit

/// Pictures for a perceiver to read, from a V4L2 camera, a video file, a single image
/// or a folder of images, through FFmpeg's libraries (docs/CAMERA_SOURCE.md).
///
/// Every frame is an image in the config's `pixelFormat` (gray8 by default: OCR reads
/// gray), converted once with libswscale to packed rows, at the input's own size.
///
/// How a run ends, as a session needs to tell them apart:
/// - a file or folder that has no more pictures: `SB_ERR_END_OF_STREAM`, on that call
///   and every later one, as the replay source ends;
/// - a camera that went away (a read error: ENODEV or EIO on an unplug; or nothing for
///   5 s): `SB_ERR_IO` naming the camera and the reason, on that call and every later
///   one until the next start, never an end of stream (as FreenectSource does), so the
///   session says once that the sensor stopped and holds its state;
/// - one picture that cannot be decoded (a damaged image in a folder, a damaged
///   stretch of video): `SB_ERR_IO` naming the file and libav's reason for that call;
///   the next call goes on (`FailureOutcome`).
///
/// The input is opened at create, so a missing camera or file, or one libav cannot
/// read, fails when the profile loads (Invariant 8); a file's first picture is decoded
/// then too. Each start opens the input again from its beginning (a folder is listed
/// again), and stop closes it, releasing the camera.
final class CameraSource: SensingSourcePlugin {
    private let host: HostServices
    private let settings: CameraSourceConfig
    private let input: CameraInput
    private let converter: PictureConverter
    private var run: PictureRun?
    private var timing = FrameTiming(clock: .camera, runStart: 0)
    /// A picture read but not yet due (real-time pace, when the call timed out first).
    private var pending: (image: ImageFrame, media: UInt64)?
    private var runID: UInt64 = 0
    private var ended = false
    /// Set once the run cannot go on (a lost camera, an unreadable file); every later
    /// call of the run fails with it.
    private var runFailure: String?

    init(host: HostServices, config: PluginConfig) throws {
        settings = try CameraSourceConfig(config)
        input = CameraInput(settings.input)
        converter = PictureConverter(format: settings.pixelFormat)
        self.host = host
        do {
            let run = try openRun()
            // A file's first picture must decode now; a camera's open is the check
            // (waiting for its first picture would hold up the profile's load).
            if case .file = input, case .ended = try run.next(until: .max) {
                throw PictureFailure(message: "'\(settings.input)' holds no picture libav can decode.", outcome: .failRun)
            }
        } catch let failure as PictureFailure {
            throw PluginError.io(failure.message)
        }
        host.log(.info, "camera.opened", [("input", .public(input.kind)), ("pixelFormat", .public(settings.pixelFormat.rawValue))])
    }

    private func openRun() throws -> PictureRun {
        switch input {
        case .camera(let device):
            return try CameraRun(device: device, mode: settings.cameraMode, converter: converter) { [host] in host.monotonicNanoseconds() }
        case .file(let path):
            return try FileRun(path: path, converter: converter)
        case .folder(let path):
            do {
                let folder = try ImageFolder(path: path)
                host.log(.info, "camera.folder", [("pictures", .public(String(folder.pictures.count))), ("skipped", .public(String(folder.skipped)))])
                return FolderRun(folder: folder, converter: converter)
            } catch let unreadable as ImageFolder.Unreadable {
                throw PictureFailure(message: unreadable.description, outcome: .failRun)
            }
        }
    }

    func start() throws {
        stop()
        do {
            run = try openRun()
        } catch let failure as PictureFailure {
            throw PluginError.io(failure.message)
        }
        runID += 1
        let clock: FrameTiming.Clock
        if case .camera = input { clock = .camera } else { clock = .media(realtime: settings.pace == .realtime) }
        timing = FrameTiming(clock: clock, runStart: host.monotonicNanoseconds())
    }

    func nextFrame(timeoutMilliseconds: UInt32) throws -> SensingFrame? {
        guard let run else { throw PluginError.notStarted }
        if let runFailure { throw PluginError.io(runFailure) }
        if ended { throw Self.noMorePictures }
        let deadline = host.monotonicNanoseconds() &+ UInt64(timeoutMilliseconds) * 1_000_000
        let picture: (image: ImageFrame, media: UInt64)
        if let pending {
            picture = pending
        } else {
            do {
                switch try run.next(until: deadline) {
                case .picture(let image, let media): picture = (image, media)
                case .notYet: return nil
                case .ended:
                    ended = true
                    throw Self.noMorePictures
                }
            } catch let failure as PictureFailure {
                if failure.outcome == .failRun {
                    runFailure = failure.message
                    host.log(.error, "camera.lost", [("input", .public(input.kind))])
                }
                throw PluginError.io(failure.message)
            }
        }
        if let due = timing.due(mediaNanoseconds: picture.media) {
            guard due <= deadline else {
                // Not due within the timeout: wait out exactly the timeout, keep the picture.
                pending = picture
                sleep(until: deadline) { host.monotonicNanoseconds() }
                return nil
            }
            sleep(until: due) { host.monotonicNanoseconds() }
        }
        pending = nil
        let timestamp = timing.stamp(mediaNanoseconds: picture.media, now: host.monotonicNanoseconds())
        return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .image(picture.image))
    }

    func stop() {
        if let camera = run as? CameraRun, camera.skipped > 0 {
            host.log(.warning, "camera.pictures.skipped", [("count", .public(String(camera.skipped)))])
        }
        run = nil
        pending = nil
        ended = false
        runFailure = nil
    }

    static let noMorePictures = PluginError(.endOfStream, "The input has no more pictures (the end of the file or folder).")
}

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.sensingSource(CameraSource.self, id: "org.sensebridge.camera-source", version: "1.0.0", abiMinor: 7,
                               selfTests: CameraSelfTests.all)
}
