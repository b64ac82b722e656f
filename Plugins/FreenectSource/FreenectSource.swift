import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// Live depth from a Kinect v1 through libfreenect: the sensor a wearable can have for
/// the price of a used games accessory, and the one Debian ships a driver for. Beside
/// depth, its colour camera's pictures (`KinectColour`), a few a second, for a walk's
/// object detector.
///
/// Each frame is the 640×480 depth image in metres (`KinectDepth`) with the Kinect's
/// intrinsics, and the accelerometer's gravity as the camera-to-world pose
/// (`KinectGravity`), which floor rejection needs: a chest strap tilts the camera
/// 0°–40° down and the floor must not alert at any of them. Frames come at the
/// sensor's own rate (30 Hz live; a recording's pace under fakenect).
///
/// Failures, as the session needs them:
/// - no device, no USB, no permission: create fails with the reason and the next step
///   (Invariant 8), never a source that silently delivers nothing;
/// - unplugged mid-walk (libusb reports it, or frames stop for 2 s): every later
///   `nextFrame` fails with `SB_ERR_IO` naming why. The session says once that the
///   depth sensor stopped working and holds its last state (Invariant 2: a failed sensor
///   is never "nothing there"); it never becomes end of stream, which would be a walk
///   that ended normally.
/// - under fakenect the recording's end is end of stream, like any replay; with
///   `"recordingEnd": "unplugged"` it is replayed as the unplug a live device gives
///   instead, so that path is testable without a device.
final class FreenectSource: SensingSourcePlugin {
    struct Config: Decodable {
        var device: Int?
        var recordingEnd: String?
        var colourFramesPerSecond: Int?
    }

    private let host: HostServices
    private let device: FreenectDevice
    private let endIsUnplug: Bool
    private var gravity = KinectGravity()
    private var metres = [Float](repeating: .nan, count: KinectDepth.width * KinectDepth.height)
    private var started = false
    private var runID: UInt64 = 0
    private var lastTimestamp: UInt64 = 0
    /// Set once frames stopped for good; every later call fails with it.
    private var lost: String?
    /// Nanoseconds between colour pictures handed on; nil: colour off.
    private let colourInterval: UInt64?
    private var lastColour: UInt64?

    init(host: HostServices, config: PluginConfig) throws {
        let settings = try config.decode(Config.self)
        let index = settings.device ?? 0
        guard index >= 0 else { throw PluginError.invalidConfig("Config key 'device' must be 0 or more (the Kinect's number), not \(index).") }
        switch settings.recordingEnd ?? "end-of-stream" {
        case "end-of-stream": endIsUnplug = false
        case "unplugged": endIsUnplug = true
        case let other:
            throw PluginError.invalidConfig("Config key 'recordingEnd' must be \"end-of-stream\" or \"unplugged\", not \"\(other)\".")
        }
        let colourRate = settings.colourFramesPerSecond ?? KinectColour.defaultFramesPerSecond
        guard (0...30).contains(colourRate) else {
            throw PluginError.invalidConfig("Config key 'colourFramesPerSecond' must be from 0 (no colour) to 30, not \(colourRate).")
        }
        colourInterval = colourRate > 0 ? 1_000_000_000 / UInt64(colourRate) : nil
        self.host = host
        do {
            device = try FreenectDevice(index: index, colour: colourRate > 0) { host.monotonicNanoseconds() }
        } catch let lost as FreenectDevice.Lost {
            throw PluginError.io(lost.description)
        }
        if let recording = device.recording {
            host.log(.info, "freenect.fakenect", [("depthFrames", .public(String(recording.depthFrames))),
                                                  ("colourFrames", .public(String(recording.colourFrames)))])
        } else {
            host.log(.info, "freenect.opened", [("device", .public(String(index)))])
        }
    }

    func start() throws {
        if let lost { throw PluginError.io(lost) }
        do {
            try device.start()
        } catch let failure as FreenectDevice.Lost {
            throw PluginError.io(failure.description)
        }
        started = true
        runID += 1
    }

    func nextFrame(timeoutMilliseconds: UInt32) throws -> SensingFrame? {
        guard started else { throw PluginError.notStarted }
        if let lost { throw PluginError.io(lost) }
        let next: FreenectDevice.Next
        do {
            next = try device.next(timeoutNanoseconds: UInt64(timeoutMilliseconds) * 1_000_000)
        } catch let failure as FreenectDevice.Lost {
            lost = failure.description
            host.log(.error, "freenect.lost")
            throw PluginError.io(failure.description)
        }
        switch next {
        case .timedOut:
            return nil
        case .ended:
            guard endIsUnplug else { throw PluginError.endOfStream }
            lost = "The fakenect recording ended, replayed as the Kinect being unplugged (\"recordingEnd\": \"unplugged\")."
            host.log(.error, "freenect.lost")
            throw PluginError.io(lost!)
        case .colour(let rgb):
            // Only every `colourInterval`: the rest are dropped here, before a copy.
            let now = host.monotonicNanoseconds()
            guard let colourInterval, lastColour.map({ now &- $0 >= colourInterval }) ?? true else { return nil }
            lastColour = now
            let timestamp = max(now, lastTimestamp + 1)
            lastTimestamp = timestamp
            let picture = ImageFrame(format: .rgb24, width: KinectColour.width, height: KinectColour.height, pixels: Array(rgb),
                                     intrinsics: KinectColour.intrinsics)
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .image(picture))
        case .frame(let raw):
            KinectDepth.convert(raw, into: &metres)
            if let counts = device.accelerometer() { gravity.feed(x: counts.x, y: counts.y, z: counts.z) }
            // The host's clock, not the device's 32-bit counter (which wraps and differs
            // between recordings); strictly increasing within a run as the ABI requires.
            let timestamp = max(host.monotonicNanoseconds(), lastTimestamp + 1)
            lastTimestamp = timestamp
            return SensingFrame(timestampNanoseconds: timestamp, runID: runID, content: .depth(map()))
        }
    }

    /// The frame as a depth map. Until the accelerometer has given a plausible reading
    /// there is no pose, and a map without intrinsics is the only honest one: the
    /// reduction then reports "could not measure" rather than taking a level pose,
    /// which at a 30° strap would call the floor an obstacle and alert forever.
    private func map() -> DepthMap {
        guard let pose = gravity.cameraToWorld else {
            return DepthMap(width: KinectDepth.width, height: KinectDepth.height, metres: metres)
        }
        return DepthMap(width: KinectDepth.width, height: KinectDepth.height, metres: metres,
                        cameraToWorld: pose, intrinsics: KinectDepth.intrinsics)
    }

    func stop() {
        started = false
        device.stop()
    }
}

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.sensingSource(FreenectSource.self, id: "org.sensebridge.freenect-source", version: "1.0.0", abiMinor: 7)
}
