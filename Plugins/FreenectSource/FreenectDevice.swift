import CFreenect
import Foundation

/// One Kinect v1 opened through libfreenect: its 11-bit depth stream, accelerometer and,
/// when asked, its colour camera (640×480 RGB).
///
/// The same calls drive a live device and fakenect, the libfreenect stand-in that
/// replays a recording from `FAKENECT_PATH` when its directory is first on
/// `LD_LIBRARY_PATH`. Only functions fakenect also exports are called, so the plugin
/// loads against either. Which one this process loaded is read from where the symbols
/// came from (`dladdr`), never guessed from the environment.
///
/// Frames are pumped on the caller's thread inside `next`: libfreenect calls the depth
/// callback from `freenect_process_events`, which fills `raw` (set as the depth buffer),
/// so no thread of the plugin's own runs and each instance stays on one thread at a time.
final class FreenectDevice {
    enum Next {
        case frame(raw: UnsafeBufferPointer<UInt16>)
        /// A colour picture, 640×480 RGB, valid until the next call.
        case colour(rgb: UnsafeBufferPointer<UInt8>)
        case timedOut
        /// The recording has no more lines (fakenect only; a device never ends).
        case ended
    }

    /// Why frames stopped: the device went away, or libfreenect failed.
    struct Lost: Error, CustomStringConvertible {
        var description: String
    }

    /// fakenect's recording, when fakenect is the libfreenect this process loaded.
    let recording: FakenectRecording?
    private var context: OpaquePointer?
    private var device: OpaquePointer?
    private let depthBuffer: PageBuffer<UInt16>
    private var raw: UnsafeMutablePointer<UInt16> { depthBuffer.pointer }
    fileprivate var arrived = false
    /// The colour camera's buffer, when colour was asked for.
    private let colourBuffer: PageBuffer<UInt8>?
    private var rgb: UnsafeMutablePointer<UInt8>? { colourBuffer?.pointer }
    fileprivate var colourArrived = false
    private var linesLeft: Int
    private var streaming = false
    private var lastTiltUpdate: UInt64 = 0
    private let clock: () -> UInt64

    /// A live Kinect that delivers nothing this long is treated as lost: unplugged
    /// under libusb, a device can keep answering with no data instead of an error.
    static let stallNanoseconds: UInt64 = 2_000_000_000
    /// The accelerometer is read at most this often on a device: each read is a blocking
    /// USB control transfer, and the strap's angle changes far slower than 30 Hz.
    static let tiltIntervalNanoseconds: UInt64 = 100_000_000
    private var lastFrame: UInt64 = 0

    static let colourBytes = KinectDepth.width * KinectDepth.height * 3

    init(index: Int, colour: Bool = false, clock: @escaping () -> UInt64) throws {
        self.clock = clock
        if let library = Self.loadedLibraryPath(), library.contains("/fakenect/") {
            guard let path = ProcessInfo.processInfo.environment["FAKENECT_PATH"], !path.isEmpty else {
                throw Lost(description: "fakenect (\(library)) is the libfreenect loaded, but FAKENECT_PATH is not set; set it to a recording directory (docs/SYNTHETIC_SCENES.md), or take fakenect's directory off LD_LIBRARY_PATH to use a Kinect.")
            }
            do {
                recording = try FakenectRecording(directory: path)
            } catch let invalid as FakenectRecording.Invalid {
                throw Lost(description: "fakenect recording: \(invalid)")
            }
        } else {
            recording = nil
        }
        linesLeft = recording?.lines ?? 0
        guard let depthBuffer = PageBuffer(count: KinectDepth.width * KinectDepth.height, repeating: UInt16(KinectDepth.rawNoValue)) else {
            throw Lost(description: "No memory for the Kinect's depth buffer (600 KiB).")
        }
        self.depthBuffer = depthBuffer
        if colour {
            guard let colourBuffer = PageBuffer(count: Self.colourBytes, repeating: UInt8(0)) else {
                throw Lost(description: "No memory for the Kinect's colour buffer (900 KiB).")
            }
            self.colourBuffer = colourBuffer
        } else {
            colourBuffer = nil
        }
        // A failure here runs deinit (every property is set), which closes what was
        // opened and frees `raw`; freeing it here as well was a double free.
        try open(index: index)
    }

    deinit {
        close()
    }

    private func open(index: Int) throws {
        var context: OpaquePointer?
        let started = freenect_init(&context, nil)
        guard started >= 0, let context else {
            throw Lost(description: "libfreenect could not start USB (freenect_init returned \(started)): this machine offers no USB access to this process (in a container, pass /dev/bus/usb through).")
        }
        self.context = context
        freenect_set_log_level(context, FREENECT_LOG_ERROR)
        // The accelerometer lives on the motor subdevice; audio is never needed.
        freenect_select_subdevices(context, freenect_device_flags(rawValue: FREENECT_DEVICE_MOTOR.rawValue | FREENECT_DEVICE_CAMERA.rawValue))
        let count = freenect_num_devices(context)
        guard count > 0 else {
            throw Lost(description: count < 0
                ? "libfreenect could not list USB devices (error \(count)); check that this user may read /dev/bus/usb (udev rule /lib/udev/rules.d/60-libfreenect0.5.rules)."
                : "No Kinect (v1) is connected: libfreenect found none on USB. Plug it in with its power supply (USB alone cannot run it); check /lib/udev/rules.d/60-libfreenect0.5.rules lets this user open it.")
        }
        guard index < count else {
            throw Lost(description: "Config key 'device' is \(index), but libfreenect found \(count) Kinect(s) (numbered from 0).")
        }
        var device: OpaquePointer?
        let opened = freenect_open_device(context, &device, Int32(index))
        guard opened >= 0, let device else {
            throw Lost(description: "The Kinect \(index) was found but could not be opened (error \(opened)): another program may hold it, or this user lacks permission (udev rule /lib/udev/rules.d/60-libfreenect0.5.rules).")
        }
        self.device = device
        let mode = freenect_find_depth_mode(FREENECT_RESOLUTION_MEDIUM, FREENECT_DEPTH_11BIT)
        guard mode.is_valid != 0, freenect_set_depth_mode(device, mode) >= 0 else {
            throw Lost(description: "The Kinect refused 640×480 11-bit depth (freenect_set_depth_mode failed).")
        }
        guard freenect_set_depth_buffer(device, raw) >= 0 else {
            throw Lost(description: "libfreenect refused the depth buffer (freenect_set_depth_buffer failed).")
        }
        if let rgb {
            let video = freenect_find_video_mode(FREENECT_RESOLUTION_MEDIUM, FREENECT_VIDEO_RGB)
            guard video.is_valid != 0, freenect_set_video_mode(device, video) >= 0, freenect_set_video_buffer(device, rgb) >= 0 else {
                throw Lost(description: "The Kinect refused 640×480 RGB colour (freenect_set_video_mode failed).")
            }
            freenect_set_video_callback(device, { device, _, _ in
                guard let user = freenect_get_user(device) else { return }
                Unmanaged<FreenectDevice>.fromOpaque(user).takeUnretainedValue().colourArrived = true
            })
        }
        freenect_set_user(device, Unmanaged.passUnretained(self).toOpaque())
        freenect_set_depth_callback(device, { device, _, _ in
            guard let user = freenect_get_user(device) else { return }
            Unmanaged<FreenectDevice>.fromOpaque(user).takeUnretainedValue().arrived = true
        })
    }

    private func close() {
        if let device {
            if streaming {
                _ = freenect_stop_depth(device)
                if rgb != nil { _ = freenect_stop_video(device) }
            }
            _ = freenect_close_device(device)
        }
        if let context { _ = freenect_shutdown(context) }
        device = nil
        context = nil
        streaming = false
    }

    func start() throws {
        guard let device else { throw Lost(description: "The Kinect is not open.") }
        if !streaming {
            let status = freenect_start_depth(device)
            guard status >= 0 else { throw Lost(description: "The Kinect would not start its depth stream (error \(status)); it may have been unplugged.") }
            if rgb != nil {
                let video = freenect_start_video(device)
                guard video >= 0 else {
                    _ = freenect_stop_depth(device)
                    throw Lost(description: "The Kinect would not start its colour stream (error \(video)); it may have been unplugged.")
                }
            }
            streaming = true
        }
        lastFrame = clock()
    }

    func stop() {
        if let device, streaming {
            _ = freenect_stop_depth(device)
            if rgb != nil { _ = freenect_stop_video(device) }
        }
        streaming = false
    }

    /// Pumps libfreenect until a depth frame or a colour picture arrives or `timeoutNanoseconds` pass. fakenect
    /// ignores timeouts (it sleeps to keep the recording's pace between lines), so there
    /// a call may overrun by one gap between recorded lines.
    func next(timeoutNanoseconds: UInt64) throws -> Next {
        guard let context else { throw Lost(description: "The Kinect is not open.") }
        let deadline = clock() &+ timeoutNanoseconds
        arrived = false
        colourArrived = false
        while !arrived && !colourArrived {
            let now = clock()
            if recording != nil {
                // Never past the last line: fakenect would print "No more lines" on stdout.
                guard linesLeft > 0 else { return .ended }
                linesLeft -= 1
                let status = freenect_process_events(context)
                guard status >= 0 else { throw Lost(description: "fakenect failed reading its recording (freenect_process_events returned \(status)).") }
            } else {
                guard now < deadline else {
                    if now - lastFrame >= Self.stallNanoseconds {
                        throw Lost(description: "The Kinect delivered no depth frame for \(Self.stallNanoseconds / 1_000_000_000) s; it was probably unplugged or lost power.")
                    }
                    return .timedOut
                }
                let remaining = deadline - now
                var wait = timeval(tv_sec: Int(remaining / 1_000_000_000), tv_usec: Int((remaining % 1_000_000_000) / 1000))
                let status = freenect_process_events_timeout(context, &wait)
                guard status >= 0 else {
                    throw Lost(description: "The Kinect stopped delivering (libusb error \(status)\(status == -4 ? ": no such device, it was unplugged" : "")).")
                }
            }
            if !arrived && !colourArrived && recording != nil && clock() >= deadline { return .timedOut }
        }
        // Depth first, and only depth keeps the stall clock: a colour stream still running
        // must neither cost a depth frame nor hide that depth stopped.
        if arrived {
            lastFrame = clock()
            return .frame(raw: UnsafeBufferPointer(start: raw, count: KinectDepth.width * KinectDepth.height))
        }
        return .colour(rgb: UnsafeBufferPointer(start: rgb!, count: Self.colourBytes))
    }

    /// The latest raw accelerometer counts, refreshed from the device at most every
    /// `tiltIntervalNanoseconds` (fakenect: the last recorded `a-` line).
    func accelerometer() -> (x: Int16, y: Int16, z: Int16)? {
        guard let device else { return nil }
        let now = clock()
        if recording == nil, now &- lastTiltUpdate >= Self.tiltIntervalNanoseconds || lastTiltUpdate == 0 {
            lastTiltUpdate = now
            guard freenect_update_tilt_state(device) >= 0 else { return nil }
        }
        guard let state = freenect_get_tilt_state(device) else { return nil }
        return (state.pointee.accelerometer_x, state.pointee.accelerometer_y, state.pointee.accelerometer_z)
    }

    /// The file the loaded libfreenect came from: fakenect ships the same soname.
    /// Found from the mapping that holds one of its functions (/proc/self/maps), not
    /// with dladdr: that needs _GNU_SOURCE in the module's header, which changes glibc's
    /// `fd_set` and breaks every module that sees both (Dispatch's, here). Read through a
    /// FileHandle to the end: `String(contentsOfFile:)` returns only the first 4 KB of a
    /// /proc file (its size reads as 0), where libfreenect's lines are seldom found.
    private static func loadedLibraryPath() -> String? {
        guard let handle = dlopen("libfreenect.so.0.5", RTLD_NOW | RTLD_NOLOAD) else { return nil }
        defer { dlclose(handle) }
        guard let symbol = dlsym(handle, "freenect_process_events"),
              let bytes = try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd() else { return nil }
        let maps = String(decoding: bytes, as: UTF8.self)
        let address = UInt(bitPattern: symbol)
        for line in maps.split(separator: "\n") {
            // "start-end perms offset dev inode path"
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, let dash = fields[0].firstIndex(of: "-"),
                  let start = UInt(fields[0][..<dash], radix: 16),
                  let end = UInt(fields[0][fields[0].index(after: dash)...], radix: 16),
                  (start..<end).contains(address) else { continue }
            return fields[5...].joined(separator: " ")
        }
        return nil
    }
}
