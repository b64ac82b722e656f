import Glibc

/// Runs a C library's call with SIGPIPE blocked on the calling thread.
///
/// A client library that writes to its daemon's socket with write(2) (libspeechd,
/// BrlAPI) raises SIGPIPE once the daemon is gone, and SIGPIPE's default action ends the
/// process: for a plugin in process, the host's, and with it every other output of a
/// person who may hear nothing else. Blocking it on this thread makes the write fail with
/// EPIPE instead; a SIGPIPE the call raised is taken off the pending set before the mask
/// is restored, so it is never delivered later. The process's signal dispositions are
/// left alone: they are the host's to choose, not a plugin's.
public enum PipeSignalGuard {
    @discardableResult
    public static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var before = sigset_t()
        sigpending(&before)
        let wasPending = sigismember(&before, SIGPIPE) == 1
        defer {
            // Only one this call raised: a SIGPIPE pending before it belongs to someone else.
            var after = sigset_t()
            sigpending(&after)
            if !wasPending && sigismember(&after, SIGPIPE) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipe, nil, &now)
            }
        }
        return try body()
    }
}
