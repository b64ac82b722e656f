import Foundation

/// The one thread every child is spawned from. Linux sends a child its parent-death
/// signal (`PR_SET_PDEATHSIG`, which the runner sets to SIGKILL so it never outlives its
/// host) when the *thread* that spawned it ends, not the process (prctl(2)). A runner
/// spawned on a Dispatch worker, which retires after idling, or on a call's own thread,
/// was killed in the middle of a session and remembered as a crash it never had; spawned
/// from here, a child dies with the process, as intended. The thread never ends.
/// Unchecked Sendable: `condition` guards `job` and `finished`.
final class SpawnThread: @unchecked Sendable {
    static let shared = SpawnThread()

    private let condition = NSCondition()
    private var job: (() -> Void)?
    private var finished = false

    private init() {
        let thread = Thread { [self] in loop() }
        thread.name = "sensebridge-spawn"
        thread.start()
    }

    /// Runs `body` on the spawn thread and waits for it. One caller at a time: the
    /// callers hold `ProcessSpawn.serialized`'s lock.
    func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var outcome: Result<T, E>?
        withoutActuallyEscaping(body) { body in
            condition.lock()
            job = { outcome = Result(catching: body) }
            finished = false
            condition.broadcast()
            while !finished { condition.wait() }
            condition.unlock()
        }
        return try outcome!.get()
    }

    private func loop() {
        while true {
            runNext()
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The job is released when this returns, before its caller is woken: it holds the
    /// caller's closure, which must not outlive `run` (`withoutActuallyEscaping` traps).
    private func runNext() {
        condition.lock()
        while job == nil { condition.wait() }
        let work = job!
        job = nil
        condition.unlock()
        work()
    }
}
