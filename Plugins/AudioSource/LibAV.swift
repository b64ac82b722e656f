import CLibAV

/// What the plugin needs of libav as a whole: one-time setup and error text.
enum LibAV {
    /// Done once per process, before the first open. libav's own log names files and
    /// devices, which no log may carry (Invariant 4); every failure reaches the host as an
    /// error message with libav's reason instead. libavdevice registers the ALSA input.
    static let prepared: Void = {
        av_log_set_level(AV_LOG_QUIET)
        avdevice_register_all()
    }()

    /// libav's text for a code, as av_strerror gives it.
    static func describe(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard av_strerror(code, &buffer, buffer.count) >= 0 else { return "libav error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
