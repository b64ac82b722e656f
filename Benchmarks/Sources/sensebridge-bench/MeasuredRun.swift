import Foundation
import SenseBridgeHost
import SenseBridgeProcess

/// One program run to its end, timed, with its peak memory and its descendants'.
///
/// Spawned with posix_spawn, never Foundation's `Process` (it crashes on this toolchain,
/// swift-corelibs-foundation#5472). Peaks are each process's VmHWM from /proc, sampled
/// every 10 ms: a high-water mark, so a sample late in a process's life still holds its
/// peak. Not wait4's ru_maxrss: posix_spawn shares the bench's memory until exec (vfork),
/// and Linux then counts the bench's own peak as the child's.
struct MeasuredRun {
    struct Process {
        /// The plugin a runner serves (its SENSEBRIDGE_RUNNER_PLUGIN), else the command name.
        var name: String
        var peakKiB: Int
    }

    var wallSeconds: Double
    var status: Int32
    var peakKiB: Int
    /// Every descendant seen (a plugin runner, say), by pid.
    var descendants: [Int32: Process]
    var standardOutput: String

    /// The peak of the runner serving `plugin`, or 0 when none ran.
    func runnerKiB(_ plugin: String) -> Int { descendants.values.filter { $0.name == plugin }.map(\.peakKiB).max() ?? 0 }
    /// The program and every descendant at their peaks: an upper bound of the tree's RSS.
    var treeKiB: Int { peakKiB + descendants.values.map(\.peakKiB).reduce(0, +) }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with stdin from /dev/null and its output in `outputFile`
    /// (stderr beside it), and waits for it however long it takes.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], outputFile: URL) throws -> MeasuredRun {
        let output = open(outputFile.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let errors = open(outputFile.path + ".stderr", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer { [output, errors].forEach { if $0 >= 0 { close($0) } } }
        guard output >= 0, errors >= 0 else { throw Failed(description: "\(outputFile.path): cannot be written") }
        let started = MonotonicClock.nanoseconds()
        let pid: pid_t
        do {
            pid = try ProcessSpawn.spawn(executable, arguments, environment: environment,
                                         descriptors: [(output, 1), (errors, 2)], newProcessGroup: false)
        } catch {
            throw Failed(description: "\(executable): cannot start (\(String(cString: strerror(error.errno))))")
        }

        var peak = 0
        var descendants: [Int32: Process] = [:]
        var status: Int32 = 0
        var usage = rusage()
        var samples = 0
        while true {
            if let own = highWaterKiB(pid) { peak = max(peak, own) }
            // Looking for new descendants reads every /proc entry: every 10 ms for the first
            // half second, when runners start, then every 100 ms, to leave the cores to the run.
            if samples < 50 || samples % 10 == 0 {
                for child in Self.descendants(of: pid) where descendants[child] == nil {
                    descendants[child] = Process(name: name(child), peakKiB: 0)
                }
            }
            for child in Array(descendants.keys) {
                if let high = highWaterKiB(child) { descendants[child]!.peakKiB = max(descendants[child]!.peakKiB, high) }
            }
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { throw Failed(description: "wait4: \(String(cString: strerror(errno)))") }
            samples += 1
            usleep(10_000)
        }
        let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
        let exit: Int32
        switch ProcessSpawn.Termination(waitStatus: status) {
        case .exited(let code): exit = code
        case .signalled(let signal): exit = 128 + signal
        }
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        return MeasuredRun(wallSeconds: seconds, status: exit, peakKiB: peak, descendants: descendants.filter { $0.value.peakKiB > 0 },
                           standardOutput: text)
    }

    static func name(_ pid: Int32) -> String {
        if let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") {
            let prefix = Array("SENSEBRIDGE_RUNNER_PLUGIN=".utf8)
            for entry in environ.split(separator: 0) where entry.starts(with: prefix) {
                return String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)
            }
        }
        let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?"
        return command.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every process whose chain of parents leads to `root`, from /proc/<pid>/stat.
    static func descendants(of root: pid_t) -> [Int32] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var parents: [Int32: Int32] = [:]
        for name in names {
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // pid (comm) state ppid …: the name may hold spaces, so read after its ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[pid] = parent }
        }
        return parents.keys.filter { pid in
            var current = pid
            while let parent = parents[current], parent > 1 {
                if parent == root { return true }
                current = parent
            }
            return false
        }
    }

    /// VmHWM from /proc/<pid>/status, in KiB; nil once the process is gone.
    static func highWaterKiB(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
}
