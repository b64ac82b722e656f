import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting

// Figures measured side by side in one run, each with the baseline it is compared to.
// Run with `make bench`, which builds this package in release mode and stages the plugins.

let staged = ProcessInfo.processInfo.environment["SENSEBRIDGE_BENCH_PLUGINS"].map { URL(fileURLWithPath: $0) }
    ?? RepositoryPaths.stagedPlugins
let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: staged, origin: .build)]))
let scene = try RecordsFile.parse(Data(contentsOf: RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")),
                                  name: "kitchen")
let detail = SpokenDetail.standard

print("SenseBridge benchmark — \(ProcessInfo.processInfo.activeProcessorCount) cores, \(SwiftRuntime.current)")
print("")

// One section alone, for working on it: `sensebridge-bench depth|latency|parsing|phrasing|discovery|reading|detection|seeing|listening|startup|session`.
// `make bench` runs them all.
if let section = CommandLine.arguments.dropFirst().first {
    switch section {
    case "depth": try depthBenchmarks()
    case "latency":
        try isolationCostBenchmarks(staged: staged)
        try alertLatencyBenchmarks(staged: staged)
    case "parsing": try parsingBenchmarks()
    case "phrasing": phrasingBenchmarks()
    case "discovery":
        let scratch = try TemporaryDirectory("sensebridge-bench-discovery")
        let binaries = ProcessInfo.processInfo.environment["SENSEBRIDGE_BENCH_BIN"].map { URL(fileURLWithPath: $0) }
            ?? RepositoryPaths.root.appendingPathComponent(".build/release")
        try discoveryBenchmarks(try InstalledLayout(binaries: binaries, plugins: staged, scratch: scratch.url), scratch: scratch.url)
    case "detection": try detectionBenchmarks(staged: staged)
    case "seeing":
        let scratch = try TemporaryDirectory("sensebridge-bench-seeing")
        let binaries = ProcessInfo.processInfo.environment["SENSEBRIDGE_BENCH_BIN"].map { URL(fileURLWithPath: $0) }
            ?? RepositoryPaths.root.appendingPathComponent(".build/release")
        try seeingBenchmarks(staged: staged, installed: try InstalledLayout(binaries: binaries, plugins: staged, scratch: scratch.url))
    case "reading":
        let scratch = try TemporaryDirectory("sensebridge-bench-reading")
        let binaries = ProcessInfo.processInfo.environment["SENSEBRIDGE_BENCH_BIN"].map { URL(fileURLWithPath: $0) }
            ?? RepositoryPaths.root.appendingPathComponent(".build/release")
        try readingBenchmarks(try InstalledLayout(binaries: binaries, plugins: staged, scratch: scratch.url), scratch: scratch.url)
    case "listening":
        let scratch = try TemporaryDirectory("sensebridge-bench-listening")
        let binaries = ProcessInfo.processInfo.environment["SENSEBRIDGE_BENCH_BIN"].map { URL(fileURLWithPath: $0) }
            ?? RepositoryPaths.root.appendingPathComponent(".build/release")
        try listeningBenchmarks(staged: staged, installed: try InstalledLayout(binaries: binaries, plugins: staged, scratch: scratch.url),
                                scratch: scratch.url)
    case "startup", "session":
        let scratch = try TemporaryDirectory("sensebridge-bench-\(section)")
        let binaries = ProcessInfo.processInfo.environment["SENSEBRIDGE_BENCH_BIN"].map { URL(fileURLWithPath: $0) }
            ?? RepositoryPaths.root.appendingPathComponent(".build/release")
        let installed = try InstalledLayout(binaries: binaries, plugins: staged, scratch: scratch.url)
        if section == "startup" {
            try startupBenchmarks(installed, scratch: scratch.url)
        } else {
            try sessionFootprintBenchmarks(installed: installed, scratch: scratch.url)
        }
    default:
        FileHandle.standardError.write(Data("sensebridge-bench: no section '\(section)' (depth, latency, parsing, phrasing, discovery, reading, detection, seeing, listening, startup, session; none runs all)\n".utf8))
        exit(64)
    }
    exit(0)
}

// 1. Composition through the C ABI against the same logic called in-process. The plugin
// is asked into the host (every plugin runs isolated by default): this is the ABI's cost.
let composer = try host.sceneComposer(try host.manifest(id: "org.sensebridge.label-list"), placement: Placement(isolated: false))
let throughABI = try microsecondsPerCall(iterations: 2000) {
    _ = try composer.compose(records: scene, locale: "en", maximumWords: detail.maximumPhraseWords(labelCount: detail.maximumLabels),
                             maximumLabels: detail.maximumLabels, deadline: .max)
}
let inProcess = microsecondsPerCall(iterations: 2000) {
    _ = LabelListComposition.compose(records: scene, locale: .en, detail: detail)
}
report("label-list compose, through the C ABI", "\(format(throughABI)) µs/call")
report("label-list compose, in-process (baseline)", "\(format(inProcess)) µs/call  (ABI ×\(format(throughABI / inProcess, 2)))")

// 2. What the host adds to every moment: validation and hedging of each phrase.
let phrases = LabelListComposition.compose(records: scene, locale: .en, detail: detail)
let narrate = microsecondsPerCall(iterations: 2000) {
    _ = SceneNarrator.narrate(records: scene, composerPhrases: phrases, locale: .en, detail: detail)
}
report("narrator: validate and hedge one moment", "\(format(narrate)) µs/moment  (\(format(narrate / throughABI, 2))× a composition)")

// 3. Memory across many compositions through the ABI.
let before = residentKiB()
for _ in 0..<10_000 {
    _ = try composer.compose(records: scene, locale: "es", maximumWords: 12, maximumLabels: 3, deadline: .max)
}
report("RSS before / after 10,000 compositions", "\(before) KiB / \(residentKiB()) KiB")

// 4. The fan-out: a fast target's latency alone, and beside a slow sibling.
let work = try TemporaryDirectory("sensebridge-bench")
try FixturePlugin.make(in: work.url, name: "recorder", id: "org.sensebridge.recording-target",
                       manifest: ["config": ["defaults": ["path": "", "delay_ms": 0],
                                             "schema": ["path": ["type": "string"], "delay_ms": ["type": "integer"]]]],
                       source: "recording_target.c")
let fixtures = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: work.url, origin: .commandLine)]))
let recorder = try fixtures.manifest(id: "org.sensebridge.recording-target")
@MainActor func fanOutLatency(slowSibling: Bool) throws -> (deliver: Double, fast: Double) {
    let inProcess = Placement(isolated: false)
    var targets = [(name: "fast", instance: try fixtures.renderTarget(recorder, config: ["path": .string(work.file("fast-\(slowSibling).txt").path)],
                                                                       placement: inProcess))]
    if slowSibling {
        targets.append((name: "slow", instance: try fixtures.renderTarget(recorder, config: [
            "path": .string(work.file("slow.txt").path), "delay_ms": .number(20)], placement: inProcess)))
    }
    let fan = ProfileFanOut(targets: targets, textFallback: { _ in })
    let count = 50
    let start = MonotonicClock.nanoseconds()
    for index in 0..<count { fan.deliver(OutputMessage(signal: .description, text: "message \(index)")) }
    let delivered = MonotonicClock.nanoseconds()
    while (try? String(contentsOf: work.file("fast-\(slowSibling).txt"), encoding: .utf8))?.split(separator: "\n").count ?? 0 < count {
        usleep(200)
    }
    let fastDone = MonotonicClock.nanoseconds()
    _ = fan.shutdown()
    return (Double(delivered - start) / 1e6 / Double(count), Double(fastDone - start) / 1e6)
}
let alone = try fanOutLatency(slowSibling: false)
let beside = try fanOutLatency(slowSibling: true)
report("fan-out: deliver() per message, fast target alone", "\(format(alone.deliver * 1000)) µs")
report("fan-out: deliver() per message, beside a 20 ms target", "\(format(beside.deliver * 1000)) µs")
report("fan-out: fast target done with 50 messages, alone", "\(format(alone.fast)) ms")
report("fan-out: fast target done with 50, beside the slow one", "\(format(beside.fast)) ms  (the slow one needs ≥ 1000 ms)")

// 4b. Isolation: every call a session makes, direct, in process and isolated, side by side.
try isolationCostBenchmarks(staged: staged)

// 5. Caption layout is linear: 1 MB against 100 KB.
func layoutMilliseconds(_ characters: Int) -> Double {
    let words = String(repeating: "caption words flow onward ", count: characters / 26)
    var layout = CaptionLayout()
    let start = MonotonicClock.nanoseconds()
    _ = layout.cues(for: words, at: 0)
    return Double(MonotonicClock.nanoseconds() - start) / 1e6
}
let small = layoutMilliseconds(100_000), large = layoutMilliseconds(1_000_000)
report("caption layout, 100 KB / 1 MB", "\(format(small)) ms / \(format(large)) ms  (×\(format(large / small, 1)) for ×10 text)")

// 6. Depth reduction with floor rejection by gravity, beside the former algorithm and NumPy.
try depthBenchmarks()

// 7. A 10 MB phrase refused by the host (the bound: under 10 ms per refusal),
//    beside validating a normal phrase. Through the ABI: the smart liar fixture in
//    "huge" mode (its phrase built once, so only the host's work is timed), then the
//    narrator; in-process: the same text through the validator and through the narrator.
let hugeScene = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
                 PerceptionRecord(kind: .object, label: "door", confidence: 0.5)]
try FixturePlugin.make(in: work.url, name: "smartliar", id: "org.sensebridge.smart-liar",
                       manifest: ["kind": "scene-composer",
                                  "config": ["defaults": [:], "schema": ["mode": ["type": "string"]]]],
                       source: "smart_liar_composer.c")
let liarHost = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: work.url, origin: .commandLine)]))
let hugeLiar = try liarHost.sceneComposer(try liarHost.manifest(id: "org.sensebridge.smart-liar"), config: ["mode": .string("huge")])
let ceiling = detail.maximumPhraseWords(labelCount: detail.maximumLabels)
let hugeText = String(repeating: "a chair ", count: 10 * 1024 * 1024 / 8)
let normalText = "a chair and a door"
@MainActor func refusalFigures() throws -> (abi: Double, validate: Double, narrate: Double,
                                           normalValidate: Double, normalAccepted: Double, normalRefused: Double) {
    let abi = try microsecondsPerCall(iterations: 20) {
        let proposed = try hugeLiar.compose(records: hugeScene, locale: "en", maximumWords: ceiling,
                                            maximumLabels: detail.maximumLabels, deadline: .max)
        _ = SceneNarrator.narrate(records: hugeScene, proposed: proposed, locale: .en, detail: detail)
    }
    // Every refusal costs the label list's words for the refused records, so a refused
    // normal phrase (the smart lie: both named, the chair claimed) is the fair baseline.
    let huge = [SubjectPhrase(stream: .sight, text: hugeText, recordIndices: [0, 1])]
    let accepted = [SubjectPhrase(stream: .sight, text: normalText, recordIndices: [0, 1])]
    let refused = [SubjectPhrase(stream: .sight, text: normalText, recordIndices: [0])]
    func narrating(_ phrases: [SubjectPhrase]) -> Double {
        microsecondsPerCall(iterations: 2000) { _ = SceneNarrator.narrate(records: hugeScene, composerPhrases: phrases, locale: .en, detail: detail) }
    }
    return (abi,
            microsecondsPerCall(iterations: 20000) { _ = PhraseValidator.validate(hugeText, locale: .en, maximumWords: ceiling) },
            narrating(huge),
            microsecondsPerCall(iterations: 20000) { _ = PhraseValidator.validate(normalText, locale: .en, maximumWords: ceiling) },
            narrating(accepted), narrating(refused))
}
let refusal = try refusalFigures()
report("10 MB phrase refused, through the C ABI + narrator", "\(format(refusal.abi / 1000, 3)) ms/refusal  (bound 10 ms)")
report("10 MB phrase refused by the validator, in-process", "\(format(refusal.validate, 3)) µs  (validating a normal phrase takes \(format(refusal.normalValidate)) µs, ×\(format(refusal.normalValidate / refusal.validate, 0)))")
report("10 MB phrase refused by the narrator, in-process", "\(format(refusal.narrate)) µs  (×\(format(refusal.narrate / refusal.normalRefused, 2)) a refused normal phrase)")
report("a normal phrase narrated: refused / accepted (baselines)", "\(format(refusal.normalRefused)) µs / \(format(refusal.normalAccepted)) µs")

// 8. Whole processes as a person runs them, from an installed layout, beside their anchors.
let processScratch = try TemporaryDirectory("sensebridge-bench-process")
let binaries = ProcessInfo.processInfo.environment["SENSEBRIDGE_BENCH_BIN"].map { URL(fileURLWithPath: $0) }
    ?? RepositoryPaths.root.appendingPathComponent(".build/release")
let installed = try InstalledLayout(binaries: binaries, plugins: staged, scratch: processScratch.url)
try discoveryBenchmarks(installed, scratch: processScratch.url)
try startupBenchmarks(installed, scratch: processScratch.url)
try pluginImageBenchmarks(plugins: staged, scratch: processScratch.url)
try readingBenchmarks(installed, scratch: processScratch.url)

// 9. Alert latency, frame → render call, beside a composer that hangs.
try alertLatencyBenchmarks(staged: staged)

// 10. Records and recordings: parsing, describe and walk, beside the former parser and Python.
try parsingBenchmarks()

// 11. Phrasing: compose and narrate one moment, warm and cold.
phrasingBenchmarks()

// 12. Detection per frame: the object detector plugin beside OpenCV's Python binding.
try detectionBenchmarks(staged: staged)

// 13. Seeing as a person meets it: describe a photograph, and a walk with live detection
// beside the same walk without it.
try seeingBenchmarks(staged: staged, installed: installed)

// 14. Listening: safety alarms in generated clips, SenseBridge against YAMNet alone, false
// alerts per hour, and continuous listening's latency and CPU through a live microphone.
try listeningBenchmarks(staged: staged, installed: installed, scratch: processScratch.url)

// 15. The whole tree of a deaf-blind session (walk with live detection beside listening),
// every plugin isolated, over 1 and 97 minutes of frames and sound.
try sessionFootprintBenchmarks(installed: installed, scratch: processScratch.url)
