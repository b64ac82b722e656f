/// When a run's frames are due and what timestamp each carries: one rule per kind of
/// clock, kept apart from I/O so it can be checked with plain numbers (the self-tests).
///
/// - A camera's frame is stamped with the host's clock when it was read: the moment
///   the picture was seen is what a session compares with its other events.
/// - A file's or folder's frame carries its media time, from the run's start: a
///   video's presentation time from its first frame, a folder's pages a nominal second
///   apart (`FolderRun.pageInterval`). As fast as possible, that is the timestamp
///   itself, from zero, so reading a file gives the same timestamps on every run (as
///   the replay source's fast pace does). In real time, a frame is due at the run's
///   start plus its media time on the host's clock, and stamped with that moment.
///
/// Every timestamp is strictly greater than the one before in the run, as the ABI
/// requires, even when media times repeat or go back (a damaged file, B-frame order).
struct FrameTiming {
    enum Clock: Equatable {
        case camera
        case media(realtime: Bool)
    }

    let clock: Clock
    /// The host's clock when the run started.
    let runStart: UInt64
    private var last: UInt64?

    init(clock: Clock, runStart: UInt64) {
        self.clock = clock
        self.runStart = runStart
    }

    /// When a frame with this media time may be handed out on the host's clock; nil
    /// when at once.
    func due(mediaNanoseconds: UInt64) -> UInt64? {
        guard clock == .media(realtime: true) else { return nil }
        return runStart &+ mediaNanoseconds
    }

    /// The frame's timestamp; `now` is the host's clock as the frame is handed out.
    mutating func stamp(mediaNanoseconds: UInt64, now: UInt64) -> UInt64 {
        let wanted: UInt64
        switch clock {
        case .camera: wanted = now
        case .media(realtime: false): wanted = mediaNanoseconds
        case .media(realtime: true): wanted = runStart &+ mediaNanoseconds
        }
        let stamped = last.map { max(wanted, $0 &+ 1) } ?? wanted
        last = stamped
        return stamped
    }
}
