import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// Issue 14's figures, side by side in one run: records parsed by JSONParser against the
/// former JSONDecoder path and against Python; then whole processes — `describe` on
/// 100,000 records, `walk --fast` on a 9-second and a 97-minute recording — with wall
/// time and peak RSS, where the two walks' RSS should differ by no more than 5 MiB.
func parsingBenchmarks() throws {
    print("")
    print("Parsing (issue 14): records files and recordings")
    let work = try TemporaryDirectory("sensebridge-bench-parsing")
    var inputs = BenchInputs()
    let generationStart = MonotonicClock.nanoseconds()
    let records = inputs.recordsFile(count: 100_000)
    let recordsURL = work.file("records-100k.jsonl")
    try records.write(to: recordsURL)
    let shortWalk = work.file("walk-9s.recording.jsonl"), longWalk = work.file("walk-97min.recording.jsonl")
    let short = try inputs.recording(seconds: 9, to: shortWalk)
    let long = try inputs.recording(seconds: 97 * 60, to: longWalk)
    let generated = Double(MonotonicClock.nanoseconds() - generationStart) / 1e9
    report("inputs: 100,000 records / recordings of 9 s and 97 min",
           "\(megabytes(records.count)) / \(short.frames) frames, \(kilobytes(short.bytes)) / \(long.frames) frames, \(megabytes(long.bytes))  (made in \(format(generated, 2)) s)")

    // 1. Records in process: the file is in memory, only the parse is timed.
    let parsedCount = try RecordsFile.parse(records, name: "records").count
    let formerCount = try FormerRecordsFile.parse(records, name: "records").count
    guard parsedCount == 100_000, formerCount == parsedCount else {
        throw MeasuredRun.Failed(description: "the parsers disagree: \(parsedCount) and \(formerCount) records")
    }
    let new = try medianSeconds(rounds: 5) { _ = try RecordsFile.parse(records, name: "records") } * 1e6 / 100_000
    let former = try medianSeconds(rounds: 3) { _ = try FormerRecordsFile.parse(records, name: "records") } * 1e6 / 100_000
    report("records parse, JSONParser (RecordsFile.parse)", "\(format(new, 2)) µs/record")
    report("records parse, before: JSONDecoder per line (baseline)", "\(format(former, 2)) µs/record  (now ×\(format(former / new, 1)) faster; goal ≥ ×5)")
    let environment = try benchEnvironment(work)
    if let python = executableOnPath("python3", environment["PATH"]!) {
        let script = RepositoryPaths.root.appendingPathComponent("Benchmarks/reference/records_reference.py").path
        let run = try MeasuredRun.run(python, [script, recordsURL.path, "3"], environment: environment, outputFile: work.file("python.out"))
        if run.status == 0, let data = run.standardOutput.data(using: .utf8),
           let figures = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let perRecord = figures["microsecondsPerRecord"] as? Double {
            report("records parse, Python json.loads + the same checks (anchor)",
                   "\(format(perRecord, 2)) µs/record  (JSONParser ×\(format(perRecord / new, 1)) faster; whole process, 3 rounds: \(format(run.wallSeconds, 2)) s)")
        } else {
            report("records parse, Python anchor", "failed (status \(run.status)); see \(work.url.path)")
        }
    } else {
        report("records parse, Python anchor", "skipped: no python3 on PATH")
    }

    // 2. Recordings in process: whole-file parse against streaming, frame for frame.
    let longData = try Data(contentsOf: longWalk)
    let whole = try medianSeconds(rounds: 3) { _ = try Recording.parse(longData, name: "walk") }
    var streamedFrames = 0
    let streamed = try medianSeconds(rounds: 3) {
        let reader = try RecordingReader(contentsOf: longWalk, name: "walk")
        streamedFrames = 0
        while try reader.next() != nil { streamedFrames += 1 }
    }
    report("97-min recording, Recording.parse (whole file in memory)", "\(format(whole * 1000, 0)) ms  (\(format(whole * 1e6 / Double(long.frames), 1)) µs/frame)")
    report("97-min recording, RecordingReader (streamed)", "\(format(streamed * 1000, 0)) ms  (\(format(streamed * 1e6 / Double(streamedFrames), 1)) µs/frame, \(streamedFrames) frames)")

    // 3. Whole processes, as a person runs them.
    let cli = sensebridgeBinary()
    let describeOutput = work.file("describe.out")
    let describe = try MeasuredRun.run(cli, ["describe", "--records", recordsURL.path], environment: environment, outputFile: describeOutput)
    try check(describe, "describe", output: describeOutput)
    report("sensebridge describe, 100,000 records (whole process)", "\(format(describe.wallSeconds, 2)) s, peak RSS \(mebibytes(describe.peakKiB)) (tree with its runners \(mebibytes(describe.treeKiB)))")
    let replay = "org.sensebridge.replay-source"
    var walks: [MeasuredRun] = []
    for (name, url) in [("9 s", shortWalk), ("97 min", longWalk)] {
        let walkOutput = work.file("walk-\(walks.count).out")
        let walk = try MeasuredRun.run(cli, ["walk", "--fast", "--recording", url.path], environment: environment, outputFile: walkOutput)
        try check(walk, "walk", output: walkOutput)
        walks.append(walk)
        report("sensebridge walk --fast, \(name) recording", "\(format(walk.wallSeconds, 2)) s, peak RSS: host \(mebibytes(walk.peakKiB)), "
               + "replay runner \(mebibytes(walk.runnerKiB(replay))), tree \(mebibytes(walk.treeKiB)) (\(walk.descendants.count + 1) processes)")
    }
    let (brief, full) = (walks[0], walks[1])
    func difference(_ a: Int, _ b: Int) -> String { "\(mebibytes(a)) / \(mebibytes(b)) (\(b >= a ? "+" : "−")\(format(Double(abs(b - a)) / 1024, 1)) MiB)" }
    report("walk RSS, 9 s vs 97 min: host", difference(brief.peakKiB, full.peakKiB))
    report("walk RSS, 9 s vs 97 min: the replay source's runner", difference(brief.runnerKiB(replay), full.runnerKiB(replay)))
    report("walk RSS, 9 s vs 97 min: whole tree", difference(brief.treeKiB, full.treeKiB) + "  (goal ± 5 MiB)")
}

/// Median wall time of `rounds` calls, after one untimed call.
private func medianSeconds(rounds: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = MonotonicClock.nanoseconds()
        try body()
        times.append(Double(MonotonicClock.nanoseconds() - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

/// The CLI as `make bench` built it: beside the runner it names, else the release build.
private func sensebridgeBinary() -> String {
    if let runner = ProcessInfo.processInfo.environment["SENSEBRIDGE_PLUGIN_RUNNER"] {
        return URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("sensebridge").path
    }
    return RepositoryPaths.root.appendingPathComponent(".build/release/sensebridge").path
}

/// Throwaway home and XDG directories, so a run never reads or writes the user's
/// settings, profiles or output; plugins from the staged bench build only.
private func benchEnvironment(_ work: TemporaryDirectory) throws -> [String: String] {
    let inherited = ProcessInfo.processInfo.environment
    let plugins = inherited["SENSEBRIDGE_BENCH_PLUGINS"] ?? RepositoryPaths.stagedPlugins.path
    var environment = ["HOME": work.file("home").path, "PATH": inherited["PATH"] ?? "/usr/bin:/bin",
                       "XDG_CONFIG_HOME": work.file("home/config").path, "XDG_DATA_HOME": work.file("home/data").path,
                       "XDG_STATE_HOME": work.file("home/state").path, "SENSEBRIDGE_PLUGIN_PATH": plugins]
    if let runner = inherited["SENSEBRIDGE_PLUGIN_RUNNER"] { environment["SENSEBRIDGE_PLUGIN_RUNNER"] = runner }
    for directory in ["home/config", "home/data", "home/state"] {
        try FileManager.default.createDirectory(at: work.file(directory), withIntermediateDirectories: true)
    }
    return environment
}

func executableOnPath(_ name: String, _ path: String) -> String? {
    path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
}

private func check(_ run: MeasuredRun, _ command: String, output: URL) throws {
    guard run.status == 0 else {
        let errors = (try? String(contentsOfFile: output.path + ".stderr", encoding: .utf8)) ?? ""
        throw MeasuredRun.Failed(description: "sensebridge \(command) exited with \(run.status). \(errors.suffix(2000))")
    }
}

private func mebibytes(_ kib: Int) -> String { "\(format(Double(kib) / 1024, 1)) MiB" }
private func megabytes(_ bytes: Int) -> String { "\(format(Double(bytes) / 1e6, 1)) MB" }
private func kilobytes(_ bytes: Int) -> String { "\(format(Double(bytes) / 1e3, 0)) KB" }
