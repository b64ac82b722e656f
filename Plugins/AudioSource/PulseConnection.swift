import CPulse

/// A connection to the sound server (PulseAudio, or PipeWire's pulse server) on a main
/// loop this plugin runs itself, one step at a time with a timeout: libpulse's threaded
/// loop and libavdevice's `pulse` input both wait without one (ffmpeg's `pulse` input,
/// on a source that delivers nothing, waits even through SIGTERM), and a source must
/// return within the host's frame timeout.
///
/// The server is the one every pulse client would use: `PULSE_SERVER`, then the user's
/// session's. A server is never spawned (PA_CONTEXT_NOAUTOSPAWN): a missing one is
/// reported, not started behind the person's back.
final class PulseConnection {
    struct Failure: Error {
        var reason: String
    }

    /// Long enough for a busy session's server to answer; a person waits no longer for
    /// "cannot connect".
    static let connectNanoseconds: UInt64 = 5_000_000_000

    let mainloop: OpaquePointer
    let context: OpaquePointer
    private let clock: () -> UInt64

    init(clock: @escaping () -> UInt64) throws {
        self.clock = clock
        guard let mainloop = pa_mainloop_new() else { throw Failure(reason: "libpulse could not make a main loop") }
        guard let context = pa_context_new(pa_mainloop_get_api(mainloop), "SenseBridge") else {
            pa_mainloop_free(mainloop)
            throw Failure(reason: "libpulse could not make a context")
        }
        self.mainloop = mainloop
        self.context = context
        guard pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) >= 0 else { throw Failure(reason: errorText) }
        let deadline = clock() + Self.connectNanoseconds
        while true {
            switch pa_context_get_state(context) {
            case PA_CONTEXT_READY: return
            case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED: throw Failure(reason: errorText)
            default: break
            }
            guard clock() < deadline else { throw Failure(reason: "the sound server did not answer within 5 s") }
            iterate(until: deadline)
        }
    }

    deinit {
        pa_context_disconnect(context)
        pa_context_unref(context)
        pa_mainloop_free(mainloop)
    }

    /// The context's last error, in libpulse's words ("Connection refused", "No such entity").
    var errorText: String { String(cString: pa_strerror(pa_context_errno(context))) }

    var isReady: Bool { pa_context_get_state(context) == PA_CONTEXT_READY }

    /// Runs the loop once: waits for an event until `deadline` at the latest (and 20 ms at
    /// most, so a caller's own checks come round), then dispatches what arrived.
    func iterate(until deadline: UInt64) {
        let now = clock()
        let wait = deadline > now ? min(deadline - now, 20_000_000) : 0
        guard pa_mainloop_prepare(mainloop, Int32(wait / 1000)) >= 0 else { return }
        _ = pa_mainloop_poll(mainloop)
        _ = pa_mainloop_dispatch(mainloop)
    }

    /// Whether the server has this source (nil: its default source), asked without
    /// recording from it, so create can check a microphone it may not open yet.
    func hasSource(_ name: String?) throws -> Bool {
        let found = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        defer { found.deallocate() }
        found.pointee = 0
        let callback: pa_source_info_cb_t = { _, info, endOfList, userdata in
            let found = userdata!.assumingMemoryBound(to: Int32.self)
            if info != nil { found.pointee = 1 } else if endOfList < 0, found.pointee == 0 { found.pointee = -1 }
        }
        guard let operation = pa_context_get_source_info_by_name(context, name ?? "@DEFAULT_SOURCE@", callback, found) else {
            throw Failure(reason: errorText)
        }
        defer { pa_operation_unref(operation) }
        let deadline = clock() + Self.connectNanoseconds
        while pa_operation_get_state(operation) == PA_OPERATION_RUNNING {
            guard isReady else { throw Failure(reason: errorText) }
            guard clock() < deadline else { throw Failure(reason: "the sound server did not answer within 5 s") }
            iterate(until: deadline)
        }
        return found.pointee == 1
    }
}
