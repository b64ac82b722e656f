import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `walk --fast` promises the same output every run. Through the built CLI (the replay
/// plugin, the host, the session and the printer, as a script meets them), 100 runs of
/// one recording must give byte-identical `--json` transcripts, and those must hold the
/// recording's own times.
///
/// The recording is built to sit on the edges the former clock fell off: records every
/// 0.1 s and a 1.1 s narration interval, so every tick is due exactly on a later frame
/// (1.1 + 1.1 = 2.2, a Double sum that is not the Double read from "2.2"). Floating-point
/// tick times carrying the wall-clock offset between the session's start and the
/// source's skipped some of those ticks to the next frame, differently from run to run;
/// truncated nanoseconds skipped some on every run.
@Suite struct CLIWalkDeterminismTests {
    static let interval = 1.1
    static let labels = ["chair", "door", "table", "box"]
    static let ticks = 12

    /// Records every 0.1 s for `ticks` intervals; the label changes before every tick, so
    /// the throttle lets every description through and a late tick shows as a late line.
    /// The first tick waits for the stabiliser's second pass (0.1 s) and the rest follow
    /// every 1.1 s from it; each label starts two passes before its tick, so it is
    /// confirmed on that tick and the label before it has just run out of persistence.
    static func recording() -> String {
        var lines = [#"{"schema": "sensebridge.recording/1"}"#]
        let framesPerTick = 11
        for frame in 0..<(ticks * framesPerTick) {
            let label = labels[((frame + 1) / framesPerTick) % labels.count]
            lines.append(#"{"time": \#(String(format: "%.1f", Double(frame) / 10)), "records": [{"kind": "object", "label": "\#(label)", "confidence": 0.9}]}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Haptics only: one cheap target, so a hundred runs stay quick.
    static let profile = """
        {"schema": "sensebridge.output-profile/1", "name": "haptics-only", "locale": "en", "detail": "standard",
         "composer": "org.sensebridge.label-list", "fallbackComposer": "org.sensebridge.label-list",
         "renderTargets": [{"id": "org.sensebridge.haptic-log"}]}
        """

    @Test func theSameRecordingGivesByteIdenticalTranscriptsAcrossAHundredRuns() throws {
        let home = try TemporaryDirectory()
        let recording = try home.write("edges.recording.jsonl", Self.recording())
        let profile = try home.write("haptics-only.json", Self.profile)
        let arguments = ["walk", "--fast", "--json", "--recording", recording.path, "--narration-interval", String(Self.interval),
                         "--profile", profile.path, "--output", home.file("out").path]

        let first = try ProcessRunner.cli(arguments, home: home.url)
        #expect(first.status == 0, "\(first.standardError)")
        // Every tick on its own frame: exactly 0.1 + k × 1.1 s, the description of that tick's label.
        let descriptions = try first.standardOutput.split(separator: "\n").compactMap { line -> String? in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["signal"] as? String == "description", let time = object["time"] as? Double else { return nil }
            return "\(time) \(object["text"] as? String ?? "?")"
        }
        let expected = (0..<Self.ticks).map { tick in
            "\(((0.1 + Double(tick) * Self.interval) * 1000).rounded() / 1000) It looks like there's a \(Self.labels[tick % Self.labels.count])."
        }
        #expect(descriptions == expected)

        var differing: [(run: Int, diff: String)] = []
        for run in 2...100 {
            let again = try ProcessRunner.cli(arguments, home: home.url)
            #expect(again.status == 0, "run \(run): \(again.standardError)")
            if again.standardOutput != first.standardOutput {
                differing.append((run, Self.firstDifference(first.standardOutput, again.standardOutput)))
            }
        }
        let runsDiffering = differing.count
        #expect(runsDiffering == 0, "of 99 runs after the first; the first that differs: \(differing.first.map { "run \($0.run), \($0.diff)" } ?? "")")
    }

    /// The first line where two transcripts part, both sides, for a failure worth reading.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n"), right = b.split(separator: "\n")
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "<end>"
            let r = index < right.count ? String(right[index]) : "<end>"
            if l != r { return "line \(index + 1): \(l)  ≠  \(r)" }
        }
        return "same lines"
    }
}
