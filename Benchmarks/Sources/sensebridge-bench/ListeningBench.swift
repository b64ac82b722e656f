import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

/// Listening, SenseBridge against YAMNet alone in the same run (docs/LISTENING_BENCH.md):
///
/// - on the clips scripts/make-sound-clips.py generates (T3, T4 and the 520 Hz alarm over
///   speech, music-like and noise backgrounds at 20, 10, 5 and 0 dB SNR), the share of
///   alarms alerted within one pattern period plus a second of their onset
///   (`AlertRule`): `sensebridge listen CLIP --json`'s urgent alerts against
///   Benchmarks/reference/yamnet_reference.py (the same float model on OpenCV's Python
///   binding, alerting when a smoke, fire or siren class reaches the sound classifier's
///   own minimumConfidence);
/// - false urgent alerts per hour of the non-alarm clips (speech, other beeps,
///   ringtones, a doorbell, music, noise), both sides; goal 0;
/// - continuous listening through a headless PulseAudio whose microphone is fed in real
///   time: alarm onset → the urgent haptic cue's render, and the CPU listening takes
///   (goal < 10 % of one core).
///
/// A figure that cannot be measured here (no `listen` command, no model, no PulseAudio)
/// is printed as "not measured: <reason>", never as a number.
func listeningBenchmarks(staged: URL, installed: InstalledLayout, scratch: URL) throws {
    print("")
    print("Listening (issue 35): safety alarms in generated clips and live, SenseBridge against YAMNet alone")
    let clips = scratch.appendingPathComponent("sound-clips")
    let made = try ProcessRunner.run("/usr/bin/python3", [RepositoryPaths.root.appendingPathComponent("scripts/make-sound-clips.py").path, clips.path],
                                     timeout: 300)
    guard made.status == 0 else {
        report("  listening", "not measured: make-sound-clips.py failed: \(made.standardError.split(separator: "\n").last ?? "")")
        return
    }
    let manifest = try SoundClipManifest.read(clips.appendingPathComponent("manifest.json"))
    let listen = listenCommand(installed)
    let ours = listen.reason.map { .notMeasured($0) } ?? senseBridgeAlerts(manifest, clips: clips, installed: installed, scratch: scratch)
    let yamnet = yamnetAlerts(manifest, clips: clips, staged: staged, scratch: scratch)
    let sides = [("SenseBridge", ours), ("YAMNet alone", yamnet.map(\.alerts))]
    if let anchor = yamnet.value {
        report("  YAMNet alone: a patch alerts when", "a smoke, fire or siren class scores ≥ \(format(anchor.threshold, 2)) "
               + "(\(anchor.thresholdSource)); \(format(anchor.patchMilliseconds, 1)) ms a 0.96 s patch")
    }
    reportAlarms(manifest, sides: sides)
    reportFalseAlerts(manifest, sides: sides)
    liveListening(manifest, clips: clips, installed: installed, scratch: scratch, listen: listen)
}

private extension Measured {
    func map<T>(_ transform: (Value) -> T) -> Measured<T> {
        switch self {
        case .value(let value): return .value(transform(value))
        case .notMeasured(let reason): return .notMeasured(reason)
        }
    }
}

/// Whether this build has `sensebridge listen` at all.
private func listenCommand(_ installed: InstalledLayout) -> Measured<Void> {
    guard let help = try? ProcessRunner.run(installed.cli, ["listen", "--help"], environment: installed.environment, timeout: 60) else {
        return .notMeasured("\(installed.cli) could not be run")
    }
    guard help.status == 0 else {
        return .notMeasured("this build has no `sensebridge listen` (exit \(help.status): \(help.standardError.split(separator: "\n").first ?? ""))")
    }
    return .value(())
}

/// Every clip through `sensebridge listen CLIP --json --profile deaf`, as a person runs
/// it: the times of its urgent alerts, per clip.
private func senseBridgeAlerts(_ manifest: SoundClipManifest, clips: URL, installed: InstalledLayout,
                               scratch: URL) -> Measured<[String: [Double]]> {
    // The clips hold about twenty minutes of sound: a `listen` that took them at recorded
    // pace would hold the bench for that long, so it stops and says so.
    let budget: Double = 150
    let started = MonotonicClock.nanoseconds()
    var alerts: [String: [Double]] = [:]
    for (index, clip) in manifest.clips.enumerated() {
        let output = scratch.appendingPathComponent("listen-output/\(index)").path
        let arguments = ["listen", clips.appendingPathComponent(clip.file).path, "--json", "--profile", "deaf", "--output", output]
        guard let run = try? ProcessRunner.run(installed.cli, arguments, environment: installed.environment, timeout: 120) else {
            return .notMeasured("sensebridge listen \(clip.file) could not be run")
        }
        guard run.status == 0, !run.timedOut else {
            let reason = run.timedOut ? "took over 120 s" : "exited \(run.status): \(run.standardError.split(separator: "\n").first ?? "")"
            return .notMeasured("sensebridge listen \(clip.file) \(reason)")
        }
        alerts[clip.file] = urgentAlertTimes(run.standardOutput)
        let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e9
        if elapsed > budget, index + 1 < manifest.clips.count {
            return .notMeasured("listen took \(format(elapsed, 0)) s for \(index + 1) of \(manifest.clips.count) clips (over the \(format(budget, 0)) s budget)")
        }
    }
    return .value(alerts)
}

/// The times (seconds into the file) of `listen --json`'s safety alerts: the moments whose
/// `alerts` said something (docs/FORMATS.md). Statuses such as "Listening stopped" are
/// never there: they go to stderr, and are no sound.
func urgentAlertTimes(_ output: String) -> [Double] {
    output.split(separator: "\n").compactMap { line in
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let alerts = object["alerts"] as? [String], !alerts.isEmpty,
              let time = object["time"] as? Double else { return nil }
        return time
    }
}

private struct YAMNetAnchor {
    var alerts: [String: [Double]]
    var threshold: Double
    var thresholdSource: String
    var patchMilliseconds: Double
}

/// YAMNet alone on every clip: the float model the sound classifier's manifest names, at
/// its minimumConfidence.
private func yamnetAlerts(_ manifest: SoundClipManifest, clips: URL, staged: URL, scratch: URL) -> Measured<YAMNetAnchor> {
    let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: staged, origin: .build)]))
    var model: String?
    var threshold = 0.5, source = "0.5: the sound classifier has no manifest here"
    if let classifier = try? host.manifest(id: "org.sensebridge.sound-classifier"),
       let config = try? PluginConfigResolver.resolve(manifest: classifier, overrides: [:], outputDirectory: scratch) {
        if case .string(let path)? = config["model"] { model = path }
        if case .number(let value)? = config["minimumConfidence"] {
            (threshold, source) = (value, "the sound classifier's minimumConfidence")
        } else {
            source = "0.5: the sound classifier's manifest has no minimumConfidence"
        }
    }
    if model == nil {
        let directory = staged.appendingPathComponent("models/yamnet")
        model = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
            .filter { $0.hasSuffix(".onnx") }.sorted().first.map { directory.appendingPathComponent($0).path }
    }
    guard let model, FileManager.default.isReadableFile(atPath: model) else {
        return .notMeasured("the float YAMNet model is not installed (\(model ?? staged.appendingPathComponent("models/yamnet/*.onnx").path); scripts/deps.sh)")
    }
    let classMap = URL(fileURLWithPath: model).deletingLastPathComponent().appendingPathComponent("yamnet_class_map.csv").path
    guard FileManager.default.isReadableFile(atPath: classMap) else {
        return .notMeasured("\(classMap) is missing beside the model")
    }
    let script = RepositoryPaths.root.appendingPathComponent("Benchmarks/reference/yamnet_reference.py").path
    let paths = manifest.clips.map { clips.appendingPathComponent($0.file).path }
    guard let run = try? ProcessRunner.run("/usr/bin/python3", [script, model, classMap, String(threshold)] + paths, timeout: 300) else {
        return .notMeasured("yamnet_reference.py could not be run")
    }
    struct Output: Decodable {
        struct Clip: Decodable { var alerts: [Double] }
        var patchMicroseconds: Double
        var clips: [String: Clip]
    }
    guard run.status == 0, let output = try? JSONDecoder().decode(Output.self, from: Data(run.standardOutput.utf8)) else {
        let reason = run.standardError.split(separator: "\n").last.map(String.init) ?? "exit \(run.status)"
        return .notMeasured("yamnet_reference.py: \(reason) (OpenCV's Python binding: python3-opencv)")
    }
    return .value(YAMNetAnchor(alerts: output.clips.mapValues(\.alerts), threshold: threshold, thresholdSource: source,
                               patchMilliseconds: output.patchMicroseconds / 1000))
}

/// Shares of alarms alerted in time, per background and SNR, per pattern and overall.
private func reportAlarms(_ manifest: SoundClipManifest, sides: [(String, Measured<[String: [Double]]>)]) {
    let alarms = manifest.clips.filter(\.isAlarm)
    func delay(_ clip: SoundClipManifest.Clip, _ alerts: [String: [Double]]) -> Double? {
        AlertRule.delay(alerts[clip.file] ?? [], onset: clip.onset ?? 0, period: clip.period ?? 0)
    }
    func share(_ group: [SoundClipManifest.Clip], _ alerts: [String: [Double]]) -> String {
        "\(group.filter { delay($0, alerts) != nil }.count)/\(group.count)"
    }
    func eachSide(_ figure: ([String: [Double]]) -> String) -> String {
        sides.map { name, side in "\(name) " + (side.value.map(figure) ?? "not measured") }.joined(separator: " · ")
    }
    for (name, side) in sides {
        if let reason = side.reason { report("  \(name)", "not measured: \(reason)") }
    }
    let snrs = Array(Set(alarms.compactMap(\.snr))).sorted(by: >)
    let snrTitle = snrs.map(String.init).joined(separator: " / ") + " dB"
    for background in ["speech", "music", "noise"] {
        let group = alarms.filter { $0.background == background }
        report("  alarms over \(background), \(snrTitle)", eachSide { alerts in
            snrs.map { snr in share(group.filter { $0.snr == snr }, alerts) }.joined(separator: ", ")
        })
    }
    for pattern in ["T3", "T4", "520hz"] {
        let group = alarms.filter { $0.pattern == pattern }
        report("  \(pattern): alerted in time, median delay from onset", eachSide { alerts in
            let delays = group.compactMap { delay($0, alerts) }
            return share(group, alerts) + (delays.isEmpty ? "" : ", \(format(median(delays), 1)) s")
        })
    }
    report("  every alarm clip (within one period + \(format(AlertRule.grace, 0)) s)", eachSide { alerts in
        let alerted = alarms.filter { delay($0, alerts) != nil }.count
        return "\(alerted)/\(alarms.count) (\(format(Double(alerted) / Double(max(alarms.count, 1)) * 100, 0)) %)"
    })
    report("  alarm clips alerted before the alarm began", eachSide { alerts in
        String(alarms.filter { clip in (alerts[clip.file] ?? []).contains { $0 < (clip.onset ?? 0) } }.count)
    })
}

/// False urgent alerts per hour of the non-alarm clips, both sides, and which clips gave them.
private func reportFalseAlerts(_ manifest: SoundClipManifest, sides: [(String, Measured<[String: [Double]]>)]) {
    let others = manifest.clips.filter { !$0.isAlarm }
    let hours = manifest.nonAlarmSeconds / 3600
    var culprits: [String] = []
    report("  false urgent alerts, \(format(manifest.nonAlarmSeconds / 60, 1)) min without an alarm", sides.map { name, side in
        guard let alerts = side.value else { return "\(name) not measured" }
        let counts = others.map { (clip: $0, count: AlertRule.episodes(alerts[$0.file] ?? [])) }.filter { $0.count > 0 }
        let total = counts.map(\.count).reduce(0, +)
        if !counts.isEmpty { culprits.append("\(name): " + counts.map { "\($0.clip.file) \($0.count)" }.joined(separator: ", ")) }
        return "\(name) \(total) (\(format(Double(total) / hours, 1)) an hour)"
    }.joined(separator: " · ") + "  (goal 0)")
    for line in culprits { report("    alerted on", line) }
}

/// Continuous listening through a headless PulseAudio fed in real time: 12 s of a
/// kitchen, then a T3 alarm over noise at 10 dB, then the kitchen again, 30 s in all.
private func liveListening(_ manifest: SoundClipManifest, clips: URL, installed: InstalledLayout, scratch: URL,
                           listen: Measured<Void>) {
    let titles = ("  live: alarm onset → urgent haptic cue rendered", "  live: CPU of continuous listening, 30 s")
    func notMeasured(_ reason: String) {
        report(titles.0, "not measured: \(reason)")
        report(titles.1, "not measured: \(reason)")
    }
    if let reason = listen.reason { return notMeasured(reason) }
    guard let alarm = manifest.clips.first(where: { $0.pattern == "T3" && $0.background == "noise" && $0.snr == 10 }),
          let onsetInClip = alarm.onset, let period = alarm.period,
          let kitchen = try? LiveMicrophone.pcm(clips.appendingPathComponent("other-noise-kitchen.wav")),
          let alarmPCM = try? LiveMicrophone.pcm(clips.appendingPathComponent(alarm.file)) else {
        return notMeasured("the clips lack a T3 alarm over noise at 10 dB or the kitchen noise")
    }
    let lead = 12 * 16000 * 2, total = 30 * 16000 * 2
    let stream = Array(kitchen[..<lead]) + alarmPCM + Array(kitchen[lead...].prefix(max(0, total - lead - alarmPCM.count)))
    let onset = 12 + onsetInClip

    let daemon = scratch.appendingPathComponent("pulse")
    try? FileManager.default.createDirectory(at: daemon, withIntermediateDirectories: true)
    let started = LiveMicrophone.start(in: daemon)
    guard let microphone = started.value else { return notMeasured(started.reason ?? "") }
    defer { microphone.stop() }
    let output = scratch.appendingPathComponent("live-output")
    let notes = scratch.appendingPathComponent("live-notes.txt")
    var environment = installed.environment
    environment["PULSE_SERVER"] = microphone.server
    let child: SpawnedChild
    do {
        child = try SpawnedChild(installed.cli, ["listen", "--microphone", "--continuous", "--profile", "deaf", "--output", output.path],
                                 environment: environment, standardErrorFile: notes)
    } catch {
        return notMeasured("sensebridge listen --microphone could not start (\(error))")
    }
    // "Listening for sounds." is said once the microphone is open (a note on stderr): only
    // then is the feed heard. Stdout stays silent until a sound is said.
    guard waitForNote("Listening for sounds", in: notes, while: child, seconds: 30) else {
        child.kill()
        _ = child.wait()
        let said = (try? String(contentsOf: notes, encoding: .utf8)) ?? ""
        return notMeasured("listen --microphone did not start listening within 30 s (\(said.split(separator: "\n").first ?? "no message"))")
    }
    let cpuBefore = childTreeCPUSeconds(root: child.pid), wallBefore = MonotonicClock.nanoseconds()
    let fedFrom: Double
    do {
        fedFrom = try microphone.feed(stream)
    } catch {
        child.kill()
        _ = child.wait()
        return notMeasured("\(error)")
    }
    let cpu = childTreeCPUSeconds(root: child.pid) - cpuBefore, wall = Double(MonotonicClock.nanoseconds() - wallBefore) / 1e9
    kill(child.pid, SIGINT)
    if child.termination(within: 10) == nil {
        child.kill()
        _ = child.wait()
    }

    let cues = hapticCueTimes(output.appendingPathComponent("haptics.jsonl"))
    // The log's times are cut to the millisecond, and a block enters the FIFO up to 10 ms
    // before its time: a cue within 11 ms before the onset may be the alarm's.
    let onsetWall = fedFrom + onset, resolution = 0.011
    if let first = cues.first(where: { $0 >= onsetWall - resolution }) {
        let earlier = cues.filter { $0 < onsetWall - resolution }.count
        report(titles.0, "\(format(max(0, first - onsetWall) * 1000, 0)) ms  (T3 is whole after 2.5 s; the bench's window is \(format(period + AlertRule.grace, 1)) s"
               + (earlier > 0 ? "; \(earlier) urgent cue(s) before the alarm" : "") + ")")
    } else {
        report(titles.0, "no urgent haptic cue after the alarm's onset (\(cues.count) before it); haptics.jsonl in \(output.path)")
    }
    report(titles.1, "\(format(cpu / wall * 100, 1)) % of one core over \(format(wall, 1)) s (listen and its plugin processes; goal < 10 %)")
}

/// Whether `note` appeared in the file the child's stderr goes to within `seconds`, looked
/// at every 20 ms (a bench step, not a test: the start-up it waits for takes a second).
private func waitForNote(_ note: String, in file: URL, while child: SpawnedChild, seconds: Double) -> Bool {
    let deadline = MonotonicClock.nanoseconds() + UInt64(seconds * 1e9)
    while MonotonicClock.nanoseconds() < deadline, child.isRunning {
        if let text = try? String(contentsOf: file, encoding: .utf8), text.contains(note) { return true }
        usleep(20_000)
    }
    return ((try? String(contentsOf: file, encoding: .utf8)) ?? "").contains(note)
}

/// Wall-clock times (seconds since 1970) of the urgent alert cues in a haptic log: lines
/// marked urgent whose signal is the safety alert or, for a target without that cue,
/// the awareness alert it is given instead (docs/PLUGIN_ABI.md).
private func hapticCueTimes(_ log: URL) -> [Double] {
    guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
    let parser = ISO8601DateFormatter()
    parser.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return text.split(separator: "\n").compactMap { line in
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              object["urgent"] as? Bool == true, ["safetyAlert", "awarenessAlert"].contains(object["signal"] as? String ?? ""),
              let stamp = object["time"] as? String, let date = parser.date(from: stamp) else { return nil }
        return date.timeIntervalSince1970
    }.sorted()
}
