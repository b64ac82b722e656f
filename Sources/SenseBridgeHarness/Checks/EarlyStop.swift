import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeHost

/// Whether interrupt (or cancel) stops a call early, judged against the plugin's own
/// speed measured in the same child process a moment before, never against a
/// wall-clock bound.
///
/// A fixed bound ("within 1 s") fails a correct plugin whenever the machine is busy or
/// the build is a debug one: a caption file that stops between cues still took longer
/// than a second to get there while another build ran. So the harness first times the
/// call uninterrupted, growing the input until the call is long enough to tell
/// "stopped" from "finished", then makes the same call while another thread interrupts
/// it from its start. Load slows both calls alike; a plugin that honours interrupt
/// stops within a buffer, and one that ignores it takes as long as it did uninterrupted.
/// Speed figures belong in `make bench`, not in a pass or a fail.
enum EarlyStop {
    /// The interrupted call must end within this fraction of the uninterrupted one. A
    /// plugin that stops within a buffer ends at a small fraction of it; one that checks
    /// only at its end, or never, ends at about the whole.
    static let fraction = 0.5
    /// An uninterrupted call shorter than this cannot be told apart from one stopped
    /// early: poking from another thread, and the thread switches it needs on a loaded
    /// machine, take a few milliseconds of their own.
    static let judgeable: TimeInterval = 0.5
    /// The input is grown by these factors until the uninterrupted call is judgeable.
    static let scales = [1, 4, 16]

    /// Past this, an uninterrupted call is long enough to judge; it is interrupted there
    /// (and timed to its end) instead of waited out, so a plugin that reads for hours
    /// still gets a verdict.
    static func calibrationCap(timeout: TimeInterval) -> TimeInterval {
        min(3, max(judgeable, timeout * 0.15))
    }

    /// Only to catch a hang: how long a call may go on once interrupt has been called.
    /// Sized from the check's own timeout (two such waits and a calibration fit in it), so
    /// the check reports the hang itself before the harness kills its process.
    static func hangCeiling(timeout: TimeInterval) -> TimeInterval {
        timeout * 0.35
    }

    /// One call as the worker thread timed it.
    struct Run {
        var status: sb_status
        var error: ErrorSlot
        var seconds: TimeInterval
        /// Whether interrupt was called during it (for the uninterrupted call: only past the cap).
        var poked: Bool
        var pokes: Int
    }

    /// What the check does with a measurement.
    enum Verdict: Equatable {
        case pass(String)
        case fail(String)
        /// Still inside the plugin after the ceiling: the instance cannot be destroyed under it.
        case hung(String)
    }

    /// The names a check's messages use.
    struct Words: Sendable {
        /// "render", "compose"
        var call: String
        /// "interrupt", "cancel"
        var poke: String
        /// What was asked at a scale: "render of 264600 bytes"
        var input: @Sendable (Int) -> String
    }

    /// Makes `call` on a worker thread while `poke` is called from another: from the start
    /// when `pokeAfter` is 0, else only once the call has run that long. Nil when the call
    /// was still running `ceiling` after the first poke (or after `pokeAfter`, unpoked).
    static func run(_ name: String, pokeAfter delay: TimeInterval, ceiling: TimeInterval,
                    call: @escaping (ErrorSlot) -> sb_status, poke: @escaping () -> Void) -> Run? {
        let error = ErrorSlot()
        var status: sb_status = SB_OK
        var started: UInt64 = 0
        var ended: UInt64 = 0
        // Timed on the worker itself, so waking the waiting thread is not counted.
        let worker = BackgroundCall(name) {
            started = MonotonicClock.nanoseconds()
            status = call(error)
            ended = MonotonicClock.nanoseconds()
        }
        var poker: RepeatedPoke?
        if delay <= 0 || !worker.wait(seconds: delay) {
            let repeated = RepeatedPoke(poke)
            repeated.waitForFirstPoke(seconds: 5)
            poker = repeated
        }
        let finished = worker.wait(seconds: ceiling)
        let pokes = poker?.pokes ?? 0
        poker?.stop()
        guard finished else { return nil }
        return Run(status: status, error: error, seconds: Double(ended - started) / 1e9, poked: poker != nil, pokes: pokes)
    }

    /// Times the call uninterrupted, then interrupted, and judges the second by the first.
    /// `make(scale)` prepares the call on an input `scale` times the base one; the same
    /// prepared call is made both times.
    static func measure(_ c: CheckContext, _ words: Words, scales: [Int] = scales,
                        make: (Int) -> (ErrorSlot) -> sb_status, poke: @escaping () -> Void) -> Verdict {
        let cap = calibrationCap(timeout: c.timeout)
        let ceiling = hangCeiling(timeout: c.timeout)
        var calibration: Run?
        var scale = scales[0]
        var call = make(scale)
        for candidate in scales {
            if candidate != scale {
                scale = candidate
                call = make(scale)
            }
            c.step("\(words.input(scale)) on a worker thread, uninterrupted, to time it")
            guard let run = run("sensebridge.harness.uninterrupted", pokeAfter: cap, ceiling: ceiling, call: call, poke: poke) else {
                return .hung("\(words.input(scale)), uninterrupted for \(HarnessRunner.formatSeconds(cap)) s, was still running \(HarnessRunner.formatSeconds(ceiling)) s after \(words.poke) was first called from another thread")
            }
            if !run.poked && run.status != SB_OK {
                return .fail("\(words.input(scale)), not interrupted, returned \(run.error.describe(status: run.status)); there is nothing to compare an interrupted \(words.call) with")
            }
            calibration = run
            if run.poked || run.seconds >= judgeable { break }
        }
        guard let calibration else { return .fail("no uninterrupted \(words.call) was timed") }
        c.step("\(words.input(scale)) on a worker thread, \(words.poke) called from another thread from its start")
        guard let interrupted = run("sensebridge.harness.interrupted", pokeAfter: 0, ceiling: ceiling, call: call, poke: poke) else {
            return .hung("\(words.input(scale)) was still running \(HarnessRunner.formatSeconds(ceiling)) s after \(words.poke) was first called from another thread (uninterrupted it took \(milliseconds(calibration.seconds)) ms)")
        }
        return judge(words, input: words.input(scale), uninterrupted: calibration.seconds, interrupted: interrupted.seconds,
                     status: interrupted.status, described: interrupted.error.describe(status: interrupted.status),
                     hasMessage: !interrupted.error.isEmpty, pokes: interrupted.pokes)
    }

    /// The rule itself, on plain values.
    static func judge(_ words: Words, input: String, uninterrupted: TimeInterval, interrupted: TimeInterval,
                      status: sb_status, described: String, hasMessage: Bool, pokes: Int) -> Verdict {
        let (call, poke) = (words.call, words.poke)
        let figures = "\(milliseconds(interrupted)) ms with \(poke) called \(pokes) time(s) from another thread, against \(milliseconds(uninterrupted)) ms uninterrupted"
        guard status == SB_OK || status == SB_ERR_CANCELLED else {
            return .fail("the \(call) that \(poke) was called during (\(input)) returned \(described); expected SB_ERR_CANCELLED")
        }
        if status == SB_ERR_CANCELLED && !hasMessage {
            return .fail("the \(call) cut short by \(poke) returned SB_ERR_CANCELLED without a message")
        }
        guard uninterrupted >= judgeable else {
            // Over before a poke from another thread can be relied on to land: nothing to cut short.
            return .pass("\(input) takes \(milliseconds(uninterrupted)) ms uninterrupted, too quick for \(poke) to matter; with \(poke) called from another thread it returned \(ABIStatus.name(status)) after \(milliseconds(interrupted)) ms")
        }
        if interrupted >= uninterrupted * fraction {
            if status == SB_OK {
                return .fail("\(poke) was ignored: \(input) returned SB_OK after \(figures)")
            }
            return .fail("\(input) returned SB_ERR_CANCELLED only after \(figures): \(poke) is noticed at the end of the \(call), not while it runs")
        }
        if status == SB_OK {
            return .fail("\(input) stopped early (\(figures)) but returned SB_OK; the header's code when \(poke) cut a call short is SB_ERR_CANCELLED")
        }
        return .pass("\(input) returned SB_ERR_CANCELLED after \(figures)")
    }

    static func milliseconds(_ seconds: TimeInterval) -> Int { Int((seconds * 1000).rounded()) }
}
