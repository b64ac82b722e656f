import Foundation
import SenseBridgeHost
import SenseBridgeProcess
import SenseBridgeRepositoryTesting

/// Issue 37's memory goal: the whole process tree of a deaf-blind session with every
/// plugin isolated, at most 200 MiB and flat over a 97-minute recording (± 5 MiB).
///
/// What runs, side by side as on a device: `walk --source org.sensebridge.freenect-source`
/// under fakenect, replaying a synthetic walk whose colour camera sees a real photograph
/// (the object detector looks at it about once a second), and `listen` on a sound file of
/// the same length (kitchen noise, speech, a doorbell and a smoke alarm, again and again),
/// both `--isolate --profile deaf-blind`. scripts/make-fakenect-scene.py makes an 8-second
/// walk (depth 5 Hz, colour 1 Hz) and scripts/make-long-session.py loops it and the demo's
/// sound to 97 minutes. fakenect replays at the recording's pace, divided here by
/// `replaySpeed`; a sound file is analysed as fast as it runs (a file is never paced, and
/// a live microphone would take the whole 97 minutes): so this is 97 minutes of frames and
/// sound, not 97 minutes of wall time.
///
/// Pss, not RSS: every runner maps the same Swift runtime, Foundation and ICU pages, and
/// RSS counts them once per process. Pss splits each shared page between the processes
/// mapping it, so the sum over a tree is what the tree costs the machine. Sampled every
/// half second from /proc/<pid>/smaps_rollup for both commands and every runner they start.
func sessionFootprintBenchmarks(installed: InstalledLayout, scratch: URL, replaySpeed: Double = 20) throws {
    print("")
    print("Whole session memory (issue 37): a deaf-blind walk with live detection beside listening, every plugin isolated")
    let work = scratch.appendingPathComponent("session-footprint")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let fakenect: String
    switch sessionInputs(work) {
    case .notMeasured(let reason):
        report("  deaf-blind session", "not measured: \(reason)")
        return
    case .value(let directory):
        fakenect = directory
    }
    let minutes = 97.0
    let directory = work.appendingPathComponent("\(Int(minutes))-min")
    let made = try ProcessRunner.run("/usr/bin/python3", [script("make-long-session.py"), work.appendingPathComponent("base").path,
                                                          work.appendingPathComponent("sound.wav").path, directory.path,
                                                          "--minutes", String(minutes), "--replay-speed", String(replaySpeed)], timeout: 600)
    guard made.status == 0 else {
        report("  deaf-blind session", "not measured: make-long-session.py failed: \(made.standardError.split(separator: "\n").last ?? "")")
        return
    }
    let run = try SessionRun.measure(installed, recording: directory, fakenect: fakenect)
    defer { try? FileManager.default.removeItem(at: directory) }
    if let failure = run.failure {
        report("  deaf-blind session, 97 min", "failed: \(failure)")
        return
    }
    report("  97 min: peak Pss of the tree (goal ≤ 200 MiB)",
           "\(mebibytes(run.peakKiB)); the sum of RSS peaks \(mebibytes(run.rssSumKiB)) (\(run.processes.count) processes; walk "
               + "\(format(run.walkSeconds, 0)) s at ×\(format(replaySpeed, 0)), listening \(format(run.listenSeconds, 0)) s as fast as it runs; "
               + "\(run.descriptions) descriptions, \(run.alarms) alarm alerts)")
    for process in run.processes.sorted(by: { $0.peakKiB > $1.peakKiB }) {
        report("    \(process.name)", "peak Pss \(mebibytes(process.peakKiB)), RSS \(mebibytes(process.peakRSSKiB))")
    }
    // Flat: each command's tree a tenth into its run (start-up over) against nine tenths in.
    for (name, samples, seconds) in [("walk", run.walkSamples, run.walkSeconds), ("listen", run.listenSamples, run.listenSeconds)] {
        let early = SessionRun.tree(samples, seconds, at: 0.1), late = SessionRun.tree(samples, seconds, at: 0.9)
        report("  97 min: the \(name) tree at 10 % / 90 % of its run", "\(mebibytes(early)) / \(mebibytes(late)) "
               + "(\(signedMebibytes(late - early)); goal ± 5 MiB)")
    }
}

/// The 8-second walk and the demo's sound, made once; the fakenect library's directory.
private func sessionInputs(_ work: URL) -> Measured<String> {
    let lib = URL(fileURLWithPath: "/usr/lib")
    let fakenect = ((try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []).sorted()
        .map { lib.appendingPathComponent($0).appendingPathComponent("fakenect").path }
        .first { FileManager.default.fileExists(atPath: $0 + "/libfreenect.so.0.5") }
    guard let fakenect else { return .notMeasured("fakenect is not installed (libfreenect-bin)") }
    let photo = RepositoryPaths.root.appendingPathComponent("samples/photo-coffee.png").path
    let steps: [[String]] = [
        [script("make-fakenect-scene.py"), "wall-ahead", work.appendingPathComponent("base").path, "--duration", "8", "--stop", "1.2",
         "--block", "8", "--fps", "5", "--colour-fps", "1", "--photo", photo],
        [script("make-sound-clips.py"), "--sample", work.appendingPathComponent("sound.wav").path],
    ]
    for arguments in steps {
        guard let made = try? ProcessRunner.run("/usr/bin/python3", arguments, timeout: 600), made.status == 0 else {
            return .notMeasured("\(URL(fileURLWithPath: arguments[0]).lastPathComponent) failed (it needs Debian's python3-numpy and python3-pil)")
        }
    }
    return .value(fakenect)
}

private func script(_ name: String) -> String { RepositoryPaths.root.appendingPathComponent("scripts/\(name)").path }

/// One deaf-blind session (walk + listen) run to its end, its tree's Pss sampled.
private struct SessionRun {
    struct Process {
        var name: String
        var peakKiB: Int
        var peakRSSKiB: Int
    }

    var processes: [Process] = []
    /// The largest sum of every process's Pss at one sample.
    var peakKiB = 0
    var rssSumKiB: Int { processes.map(\.peakRSSKiB).reduce(0, +) }
    /// (seconds since the start, the tree's Pss) at every sample while each command ran.
    var walkSamples: [(seconds: Double, kiB: Int)] = []
    var listenSamples: [(seconds: Double, kiB: Int)] = []
    var walkSeconds = 0.0
    var listenSeconds = 0.0
    var descriptions = 0
    var alarms = 0
    var failure: String?

    /// A tree's Pss at `fraction` of its run: the median of the samples around it (± 2 %
    /// of the run), so one sample taken mid-allocation does not decide it.
    static func tree(_ samples: [(seconds: Double, kiB: Int)], _ seconds: Double, at fraction: Double) -> Int {
        let around = samples.filter { abs($0.seconds / seconds - fraction) <= 0.02 }.map(\.kiB).sorted()
        return around.isEmpty ? 0 : around[around.count / 2]
    }

    static func measure(_ installed: InstalledLayout, recording: URL, fakenect: String) throws -> SessionRun {
        let output = recording.appendingPathComponent("output")
        var walkEnvironment = installed.environment
        walkEnvironment["LD_LIBRARY_PATH"] = fakenect
        walkEnvironment["FAKENECT_PATH"] = recording.appendingPathComponent("kinect").path
        let commands: [(name: String, arguments: [String], environment: [String: String])] = [
            ("walk", ["--isolate", "walk", "--source", "org.sensebridge.freenect-source", "--profile", "deaf-blind", "--json",
                      "--output", output.appendingPathComponent("walk").path], walkEnvironment),
            ("listen", ["--isolate", "listen", recording.appendingPathComponent("sound.wav").path, "--profile", "deaf-blind", "--json",
                        "--output", output.appendingPathComponent("listen").path], installed.environment),
        ]
        var pids: [pid_t] = []
        for command in commands {
            let out = open(recording.appendingPathComponent("\(command.name).out").path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            let err = open(recording.appendingPathComponent("\(command.name).err").path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            defer { [out, err].forEach { if $0 >= 0 { close($0) } } }
            pids.append(try ProcessSpawn.spawn(installed.cli, command.arguments, environment: command.environment,
                                               descriptors: [(out, 1), (err, 2)], newProcessGroup: false))
        }
        var run = SessionRun()
        var seen: [Int32: (root: pid_t, process: Process)] = Dictionary(uniqueKeysWithValues: zip(pids, commands).map {
            ($0.0, (root: $0.0, process: Process(name: $0.1.name, peakKiB: 0, peakRSSKiB: 0)))
        })
        var running = Set(pids)
        var statuses: [pid_t: Int32] = [:]
        let started = MonotonicClock.nanoseconds()
        var samples = 0
        while !running.isEmpty {
            let seconds = Double(MonotonicClock.nanoseconds() - started) / 1e9
            // New runners start in the first seconds; later, a runner restarted or a composer
            // started again is found within 5 s.
            if samples < 20 || samples % 10 == 0 {
                for root in running {
                    for child in MeasuredRun.descendants(of: root) where seen[child] == nil {
                        seen[child] = (root, Process(name: MeasuredRun.name(child).replacingOccurrences(of: "org.sensebridge.", with: ""),
                                                     peakKiB: 0, peakRSSKiB: 0))
                    }
                }
            }
            var total = 0, walkTotal = 0, listenTotal = 0
            for (pid, entry) in seen {
                guard let rollup = SmapsRollup(pid) else { continue }
                seen[pid]!.process.peakKiB = max(entry.process.peakKiB, rollup.pssKiB)
                seen[pid]!.process.peakRSSKiB = max(entry.process.peakRSSKiB, rollup.rssKiB)
                total += rollup.pssKiB
                if entry.root == pids[0] { walkTotal += rollup.pssKiB } else { listenTotal += rollup.pssKiB }
            }
            run.peakKiB = max(run.peakKiB, total)
            if running.contains(pids[0]) { run.walkSamples.append((seconds, walkTotal)) }
            if running.contains(pids[1]) { run.listenSamples.append((seconds, listenTotal)) }
            for pid in running {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    running.remove(pid)
                    statuses[pid] = status
                    if pid == pids[0] { run.walkSeconds = seconds } else { run.listenSeconds = seconds }
                }
            }
            samples += 1
            usleep(500_000)
        }
        run.processes = seen.values.map(\.process).filter { $0.peakKiB > 0 }
        for (pid, command) in zip(pids, commands) {
            guard case .exited(0) = ProcessSpawn.Termination(waitStatus: statuses[pid] ?? -1) else {
                let errors = (try? String(contentsOf: recording.appendingPathComponent("\(command.name).err"), encoding: .utf8)) ?? ""
                run.failure = "\(command.name) ended with wait status \(statuses[pid] ?? -1): \(errors.suffix(600))"
                return run
            }
        }
        let lines = { (name: String) -> [[String: Any]] in
            let text = (try? String(contentsOf: recording.appendingPathComponent("\(name).out"), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        run.descriptions = lines("walk").filter { $0["signal"] as? String == "description" }.count
        run.alarms = lines("listen").map { ($0["alerts"] as? [Any])?.count ?? 0 }.reduce(0, +)
        return run
    }
}

/// Rss and Pss of one process, from /proc/<pid>/smaps_rollup; nil once it is gone.
private struct SmapsRollup {
    var rssKiB = 0
    var pssKiB = 0

    init?(_ pid: Int32) {
        // Read to its end: /proc files say they are empty.
        guard let data = WholeFile.read("/proc/\(pid)/smaps_rollup") else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kiB = Int(fields[1]) else { continue }
            if fields[0] == "Rss:" { rssKiB = kiB }
            if fields[0] == "Pss:" { pssKiB = kiB }
        }
    }
}

private func mebibytes(_ kiB: Int) -> String { "\(format(Double(kiB) / 1024, 1)) MiB" }
private func signedMebibytes(_ kiB: Int) -> String { "\(kiB >= 0 ? "+" : "−")\(format(Double(abs(kiB)) / 1024, 1)) MiB" }
