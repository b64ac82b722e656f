import Foundation
@testable import SenseBridgeHarness
import SenseBridgeHost
import SenseBridgeProcess
import Testing

/// The spawner on plain shell commands: exits, signals, hangs, floods and helpers
/// that outlive their parent.
@Suite struct ChildProcessTests {
    func sh(_ script: String, timeout: TimeInterval = 10) throws -> ChildProcess.Outcome {
        try ChildProcess.run("/bin/sh", ["-c", script], environment: ["PATH": "/usr/bin:/bin"], timeout: timeout)
    }

    @Test func exitStatusAndOutputAreCollected() throws {
        let outcome = try sh("echo out; echo err >&2; exit 3")
        #expect(outcome.termination == .exited(3))
        #expect(outcome.output.lastLines().contains("out"))
        #expect(outcome.output.lastLines().contains("err"))
        #expect(outcome.standardOutputBytes == 4)
    }

    @Test func aSignalIsReportedAsTheSignal() throws {
        let outcome = try sh("kill -SEGV $$")
        #expect(outcome.termination == .signalled(SIGSEGV))
        #expect(SignalName.name(SIGSEGV) == "SIGSEGV")
    }

    @Test func theResultDescriptorIsPrivateAndStdinIsEmpty() throws {
        let outcome = try sh("cat; echo verdict >&3")
        #expect(String(decoding: outcome.channel, as: UTF8.self) == "verdict\n")
        #expect(outcome.standardOutputBytes == 0)
    }

    @Test func aHangIsKilledWithItsWholeProcessGroup() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("harness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pidFile = directory.appendingPathComponent("helper.pid").path
        // A helper in the background, then a hang in the foreground. The helper's own
        // duration marks it: pid_max is 32768 here, and on a busy run its pid was taken by
        // another process before it was looked up, which read as the helper surviving.
        let mark = "60.\(Int.random(in: 100_000...999_999))"
        let outcome = try sh("sleep \(mark) & echo $! > \(pidFile); sleep 60", timeout: 0.5)
        #expect(outcome.termination == .timedOut)
        #expect(outcome.duration < 5)
        let helper = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(isGoneOrZombie(helper, running: ["sleep", mark]), "the forked helper \(helper) outlived the timeout")
    }

    @Test func aHelperHoldingThePipesDoesNotKeepTheHarnessWaiting() throws {
        // The child exits at once; its helper keeps stdout open for a minute.
        let outcome = try sh("sleep 60 & exit 0", timeout: 30)
        #expect(outcome.termination == .exited(0))
        #expect(outcome.duration < 5)
    }

    @Test func aFloodOfOutputKeepsOnlyTheTail() throws {
        let outcome = try sh("head -c 20000000 /dev/zero | tr '\\0' 'x'; echo; echo last-line")
        #expect(outcome.termination == .exited(0))
        #expect(outcome.output.totalBytes > 20_000_000)
        #expect(outcome.output.kept.count <= 64 * 1024)
        #expect(outcome.output.lastLines(1) == "…last-line")
    }

    @Test func aMissingProgramIsASpawnError() {
        #expect(throws: ProcessSpawn.Failed.self) {
            try ChildProcess.run("/nonexistent/sensebridge", [], environment: [:], timeout: 1)
        }
    }

    /// Gone, a zombie, or the pid now belongs to a process other than `command`.
    func isGoneOrZombie(_ pid: Int32, running command: [String]) -> Bool {
        guard let stat = WholeFile.read("/proc/\(pid)/stat").map({ String(decoding: $0, as: UTF8.self) }) else { return true }
        if let line = WholeFile.read("/proc/\(pid)/cmdline"),
           line.split(separator: 0).map({ String(decoding: $0, as: UTF8.self) }) != command {
            return true
        }
        // Field 3, after the parenthesised command name, is the state.
        guard let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
