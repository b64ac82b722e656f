/// The pipe protocol between the host and `sensebridge-plugin-runner`, which serves
/// one plugin's ABI calls in a process of its own.
///
/// Framing, both directions: `[u32 body length, little-endian][body]`, where the body
/// is `[u8 message kind][u32 request id][fields]` (WireWriter's encoding). The host
/// speaks first with `hello`, naming the version; a runner that speaks another version
/// answers `failed` and exits, so a host and runner from different builds refuse each
/// other by name instead of misreading each other's fields.
///
/// Every request but `cancel` and `interrupt` gets exactly one reply carrying its id.
/// Those two are [any-thread] calls in the ABI: they arrive, on a pipe of their own,
/// while a request is being served and get no reply. A reply whose id is not the one
/// awaited answers a request the host gave up on, and is discarded; late results never
/// reach a session. `log` messages carry id 0, may come at any time, and have a pipe
/// of their own too.
///
/// The host reads what a runner writes as untrusted input (the runner shares its
/// address space with a plugin): lengths are bounded before anything is allocated, and
/// anything unreadable ends the runner as "protocol garbage".
public enum RunnerProtocol {
    /// 2: image frames and the perceiver's perceive/records (ABI 1.4).
    /// 3: audio frames, and a perceive call's input carries its kind (ABI 1.6).
    /// 4: a perceive call carries its page locales, and its reply the page as read (ABI 1.7).
    /// 5: `refused`, a perceive result the runner's codec refused, named as in process.
    /// 6: frames' samples and pixels and a perceive call's input cross in a `FrameRing`
    /// (a sealed memfd on descriptor 5), the pipe carrying only where they lie; cancel and
    /// interrupt come on descriptor 6, log events leave on descriptor 7.
    public static let version: UInt32 = 6
    /// Larger than any real message (a 100,000-record compose, an 8192² depth frame is 256 MiB).
    public static let maximumBodyBytes = 300 << 20
    /// Descriptors the runner finds its pipes on; stdout (1) is never one of them,
    /// because that one belongs to whatever the plugin prints.
    public static let requestDescriptor: Int32 = 3
    public static let replyDescriptor: Int32 = 4
    /// The `FrameRing`, for a runner that is handed or hands back frames (a sensing
    /// source, a perceiver).
    public static let ringDescriptor: Int32 = 5
    /// cancel and interrupt, host to runner: on a pipe of their own, so the runner's main
    /// thread reads its requests itself while another thread waits for these.
    public static let nudgeDescriptor: Int32 = 6
    /// Log events, runner to host: never on the reply pipe, which the thread making a
    /// call reads itself, so nothing else may arrive on it.
    public static let logDescriptor: Int32 = 7
    /// All of them: the runner's own, never a helper's its plugin starts.
    public static let descriptors = [requestDescriptor, replyDescriptor, ringDescriptor, nudgeDescriptor, logDescriptor]
    /// The ring's size, half for each writer: 8 MiB holds a 1920x1080 RGB picture (6 MiB)
    /// or 1 s of 48 kHz stereo sound. Memory is taken only where a frame was written, so
    /// a 256x192 depth source uses 192 KiB of it. A larger block crosses on the pipe.
    static let ringBytes = 16 << 20
    /// Limits on fields, so no single string can be made enormous.
    static let maximumTextBytes = 16 << 20
    static let maximumNameBytes = 4096
}

/// Message kinds; the raw values are the protocol, never renumbered.
enum RunnerMessageKind: UInt8 {
    // Host to runner.
    case hello = 1, create = 2, compose = 3, cancel = 4, render = 5, interrupt = 6
    case start = 7, nextFrame = 8, stop = 9, destroy = 10, perceive = 11
    // Runner to host.
    case ready = 64, done = 65, failed = 66, problem = 67, phrases = 68, frame = 69, log = 70, perception = 71, refused = 72
}
