import Foundation
import SenseBridgeCore
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Synchronization
import Testing
@testable import SenseBridgeHost

/// A runner that died but cannot be reaped yet (a thread in uninterruptible sleep after
/// SIGKILL; here, the same seen from the host: a tracer that holds its zombie) must not
/// hold the connection's lock while the host waits for it: `isAlive`, `notify`, a call
/// and `shutdown` all take that lock, and a session would freeze with the runner.
@Suite struct RunnerReapTests {
    static let python = "/usr/bin/python3"
    /// Seizes the pid it is given (PTRACE_SEIZE, no options: the tracee runs on), says
    /// so, and never waits for it: a zombie tracee is the tracer's to reap first.
    static let tracerScript = """
        import ctypes, sys, time
        libc = ctypes.CDLL(None, use_errno=True)
        print(libc.ptrace(0x4206, int(sys.argv[1]), ctypes.c_void_p(0), ctypes.c_void_p(0)), flush=True)
        time.sleep(600)
        """

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: python), "needs python3 to trace a runner"))
    func aRunnerThatCannotBeReapedYetFreezesNothing() throws {
        let fixture = try HostileFixture(.sceneComposer)
        let runner = try #require(RunnerLocation.find())
        let connection = try RunnerConnection(.init(runner: runner, manifest: fixture.manifest, memoryLimitMiB: 256, denyNetwork: false),
                                              log: fixture.log.hostLog)
        let tracer = try SpawnedChild(Self.python, ["-c", Self.tracerScript, String(connection.pid)])
        defer { tracer.kill() }
        let attachBy = Date(timeIntervalSinceNow: 20)
        while Date() < attachBy, Self.tracer(of: connection.pid) != tracer.pid { usleep(20_000) }
        try #require(Self.tracer(of: connection.pid) == tracer.pid, "the tracer did not attach")
        // Dead, its pipes closed, but a zombie only its tracer may reap: this process,
        // its parent, waits for it as for a runner the kernel holds after SIGKILL.
        #expect(kill(connection.pid, SIGKILL) == 0)

        // The host polls for the exit for 2 s, then waits for it: through and past that,
        // every question to the connection is answered at once.
        let watchUntil = MonotonicClock.nanoseconds() + 4_000_000_000
        var slowest = 0.0
        while MonotonicClock.nanoseconds() < watchUntil {
            let answered = DispatchSemaphore(value: 0)
            let asked = MonotonicClock.nanoseconds()
            Thread {
                _ = connection.isAlive
                connection.notify(.cancel)
                answered.signal()
            }.start()
            guard answered.wait(timeout: .now() + 1) == .success else {
                Issue.record("the connection's lock was held while the runner could not be reaped")
                break
            }
            slowest = max(slowest, Double(MonotonicClock.nanoseconds() - asked) / 1e9)
            usleep(100_000)
        }
        #expect(slowest < 0.5, "\(slowest) s")

        // The tracer gone, the runner is reaped, and the connection knows how it died.
        tracer.kill()
        let diedBy = Date(timeIntervalSinceNow: 10)
        while Date() < diedBy, connection.isAlive { usleep(20_000) }
        #expect(!connection.isAlive)
        #expect(!RunnerProcesses.isChild(connection.pid), "the runner was not reaped")
        connection.shutdown()
    }

    /// TracerPid in /proc/<pid>/status; nil when unreadable.
    static func tracer(of pid: pid_t) -> pid_t? {
        guard let status = WholeFile.read("/proc/\(pid)/status") else { return nil }
        let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("TracerPid:") }
        return line.flatMap { pid_t($0.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces)) }
    }
}
