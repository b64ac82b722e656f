import Dispatch
import Foundation
import SenseBridgeHost
import SenseBridgeProcess
import Synchronization

/// How `walk` ends on SIGINT (Ctrl-C) and SIGTERM: through the session, so "stopped" and
/// the summary are still said, and then with the status a shell expects of a program a
/// signal ended (128 + the signal: 130, 143), so `walk && next` does not run `next` and
/// a supervisor sees the walk was stopped, not finished.
///
/// The process exits with that status rather than re-raising the signal, because the
/// clean stop already ran: dying of the signal afterwards would only add a core-less
/// death for the same information. A second signal, for a stop that is stuck (a hung
/// plugin waited out to its deadline), ends the process at once with the same status.
///
/// The handler is installed with `sigaction` before `init` returns, and only writes the
/// signal's number to a pipe that a thread of this class reads. A `DispatchSource` was
/// used before: libdispatch installs its handler on its own manager thread some time
/// after `resume()`, and a signal in that window met the SIG_IGN set for it and was lost,
/// so the walk ran to its end and exited 0 (seen under AddressSanitizer, whose slower
/// start-up widened the window to the moment the test sent SIGTERM).
/// Unchecked Sendable: `thread` is written in `init` only; `received` is atomic.
final class WalkStopSignals: @unchecked Sendable {
    private let received = Atomic<Int32>(0)
    private var thread: Thread?

    static let handled = [SIGINT, SIGTERM]

    /// `stop` is called once, on this class's thread, at the first signal.
    init(stop: @escaping @Sendable () -> Void) {
        var ends: [Int32] = [-1, -1]
        // Under the spawn lock, so a runner started meanwhile cannot inherit the pipe
        // in the instant before it is close-on-exec.
        let made = ProcessSpawn.serialized { () -> Bool in
            guard pipe(&ends) == 0 else { return false }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return true
        }
        guard made else { return }
        StopSignalPipe.write.store(ends[1], ordering: .sequentiallyConsistent)
        for number in Self.handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = stopSignalHandler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        let reader = ends[0]
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while true {
                let count = read(reader, &byte, 1)
                if count < 0 && errno == EINTR { continue }
                guard count == 1 else { break }
                let number = Int32(byte)
                let (first, _) = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                if first {
                    stop()
                } else {
                    // The person asked twice: whatever the first stop is waiting on, end now.
                    _exit(Self.status(for: number))
                }
            }
            close(reader)
        }
        thread.name = "sensebridge.stop-signals"
        self.thread = thread
        thread.start()
    }

    /// The exit code for the signal that stopped the walk; nil when none did.
    var exitCode: ExitCode? {
        switch received.load(ordering: .relaxed) {
        case SIGINT: return .interrupted
        case SIGTERM: return .terminated
        default: return nil
        }
    }

    static func status(for signal: Int32) -> Int32 { 128 + signal }

    /// Back to the default actions, for whatever runs after the walk; the reading thread
    /// ends when the pipe's write end closes.
    func cancel() {
        for number in Self.handled { signal(number, SIG_DFL) }
        let write = StopSignalPipe.write.exchange(-1, ordering: .sequentiallyConsistent)
        if write >= 0 { close(write) }
    }
}

/// The write end the signal handler writes to: a global, since a C signal handler
/// captures nothing. -1 when no walk is listening.
private enum StopSignalPipe {
    static let write = Atomic<Int32>(-1)
}

/// Async-signal-safe: two atomic operations and one write(2). `HostStop` first, at once:
/// a runner the same service stop signalled may be found dead before the session hears.
private func stopSignalHandler(_ number: Int32) {
    HostStop.request()
    let descriptor = StopSignalPipe.write.load(ordering: .sequentiallyConsistent)
    guard descriptor >= 0 else { return }
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(descriptor, &byte, 1)
}
