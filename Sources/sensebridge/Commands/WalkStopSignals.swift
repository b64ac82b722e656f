import Dispatch
import Foundation
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
/// Unchecked Sendable: the sources are set up in `init` and only cancelled after; `received` is atomic.
final class WalkStopSignals: @unchecked Sendable {
    private let sources: [DispatchSourceSignal]
    private let received = Atomic<Int32>(0)

    /// `stop` is called once, on a global queue, at the first signal.
    init(stop: @escaping @Sendable () -> Void) {
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            // Ignored at the process level so the dispatch source, not the default action, sees it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            sources.append(source)
        }
        self.sources = sources
        for (source, number) in zip(sources, [SIGINT, SIGTERM]) {
            source.setEventHandler { [self] in
                let (first, _) = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
                if first {
                    stop()
                } else {
                    // The person asked twice: whatever the first stop is waiting on, end now.
                    _exit(Self.status(for: number))
                }
            }
            source.resume()
        }
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

    /// Back to the default actions, for whatever runs after the walk.
    func cancel() {
        sources.forEach { $0.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
