import CLibAV
import Glibc

/// What the plugins that read through FFmpeg (the camera and audio sources) need of libav
/// as a whole: one-time setup and error text. A plugin links its own static copy of this
/// module, as of Core, so nothing here is shared between plugins at run time.
public enum LibAV {
    /// Done once per process, before the first open.
    ///
    /// libav's own log goes to stderr and names files and devices ("Could not open
    /// /home/…/letter.jpg"): a path is the user's content, which no log may carry
    /// (Invariant 4), and every failure already reaches the host as an error message
    /// with libav's reason. So libav is silenced. The level is process-wide; every plugin
    /// that uses libav sets the same.
    public static let prepared: Void = {
        av_log_set_level(AV_LOG_QUIET)
    }()

    /// Loads libavdevice and registers its inputs, which `video4linux2` and `alsa` need;
    /// once per process, and only for a camera or an ALSA microphone: the library and
    /// what it brings cost a file or PulseAudio reader some 16 MiB (CLibAV's shim.h).
    /// False when it could not be loaded: those inputs are then not found, and the
    /// caller says which one is missing.
    public static let devices: Bool = {
        _ = prepared
        let name = "libavdevice.so.\(LIBAVDEVICE_VERSION_MAJOR)"
        // Never closed: libavformat keeps pointers to the inputs it registers.
        guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL),
              let register = dlsym(library, "avdevice_register_all") else { return false }
        unsafeBitCast(register, to: (@convention(c) () -> Void).self)()
        return true
    }()

    /// libav's text for a code, as av_strerror gives it ("No such file or directory",
    /// "Invalid data found when processing input").
    public static func describe(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        if av_strerror(code, &buffer, buffer.count) < 0 {
            return "libav error \(code)"
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static let endOfFile = sb_av_error_eof()
    public static let tryAgain = sb_av_error_eagain()

    /// The POSIX errno inside a libav code, or 0 for one of libav's own codes.
    public static func errno(of code: Int32) -> Int32 { sb_av_errno(code) }
}
