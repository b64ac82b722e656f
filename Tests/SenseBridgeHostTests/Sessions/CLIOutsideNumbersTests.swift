import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// Numbers from outside as a person met them, through the real binary: a depth no sensor
/// measures killed `describe` and `walk` with SIGILL (`Int(1e19)` in phrasing) and said
/// "about 1000000000000000 metres" at 1e15; a recording on Unix epoch seconds "ran for
/// 28891333 minutes" and clamped every caption cue at 99:59:59.999.
@Suite struct CLIOutsideNumbersTests {
    let home: TemporaryDirectory
    static let corridor = RepositoryPaths.root.appendingPathComponent("samples/corridor.recording.jsonl")

    init() throws {
        home = try TemporaryDirectory()
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: ["SWIFT_BACKTRACE": "enable=no"])
    }

    /// Refused as bad data, naming the file, the line and why; no backtrace, nothing said.
    func expectRefused(_ result: ProcessRunner.Result, file: String, line: Int, value: String) {
        #expect(result.status == 65, "exit \(result.status): \(result.standardError)")
        #expect(result.standardError.contains("\(file) line \(line):"), "\(result.standardError)")
        #expect(result.standardError.contains("distanceMetres \(value) is beyond 100"), "\(result.standardError)")
        #expect(!result.standardError.contains("Fatal error") && !result.standardError.contains("crashed"))
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
    }

    @Test(arguments: [("1e19", "1e+19"), ("1e16", "1e+16"), ("100.5", "100.5")])
    func describeRefusesADepthNoSensorMeasures(_ written: String, _ said: String) throws {
        let records = try home.write("d.jsonl", "{\"kind\":\"object\",\"label\":\"chair\",\"confidence\":0.9}\n"
                                     + "{\"kind\":\"depth\",\"distanceMetres\":\(written)}\n")
        expectRefused(try cli(["describe", "--records", records.path, "--no-render"]), file: records.path, line: 2, value: said)
    }

    /// The ceiling itself is a distance, said in each locale.
    @Test(arguments: [("en", "about 100 metres away"), ("es", "alrededor de 100 metros"), ("vi", "100 mét")])
    func theFarthestDistanceIsStillSaid(_ locale: String, _ expected: String) throws {
        let records = try home.write("d.jsonl", #"{"kind":"depth","distanceMetres":100}"#)
        let result = try cli(["describe", "--records", records.path, "--no-render", "--locale", locale])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(expected), "\(result.standardOutput)")
    }

    @Test func walkRefusesARecordingWhoseRecordsHoldSuchADepth() throws {
        let recording = try home.write("far.recording.jsonl", """
        {"schema": "sensebridge.recording/1"}
        {"time": 0, "records": [{"kind": "object", "label": "door", "confidence": 0.9}]}
        {"time": 0.5, "records": [{"kind": "object", "label": "door", "confidence": 0.9}, {"kind": "depth", "distanceMetres": 1e19}]}
        """)
        let result = try cli(["walk", "--fast", "--recording", recording.path, "--output", home.file("out").path])
        expectRefused(result, file: recording.path, line: 3, value: "1e+19")
    }

    /// The sample corridor with every time moved to Unix epoch seconds, as a logger writes them.
    func epochCorridor() throws -> URL {
        let shifted = try String(contentsOf: Self.corridor, encoding: .utf8).split(separator: "\n").map { line -> String in
            guard let match = line.firstMatch(of: /^\{"time":\s*([0-9.]+)/), let time = Double(match.1) else { return String(line) }
            return #"{"time":"# + String(time + 1_733_480_000) + line[match.range.upperBound...]
        }
        return try home.write("epoch.recording.jsonl", shifted.joined(separator: "\n"))
    }

    /// Each message line of `walk --json` (sorted keys, so equal messages are equal lines).
    func messages(_ recording: URL, output: String) throws -> [String] {
        let result = try cli(["walk", "--fast", "--json", "--profile", "deaf", "--recording", recording.path, "--output", output])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput.split(separator: "\n").map(String.init).filter { $0.contains(#""type":"message""#) }
    }

    /// Cue start times in seconds, from a WebVTT file.
    func cueStarts(_ url: URL) throws -> [Double] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /^(\d+):(\d\d):(\d\d)\.(\d\d\d) -->/) else { return nil }
            return Double(match.1)! * 3600 + Double(match.2)! * 60 + Double(match.3)! + Double(match.4)! / 1000
        }
    }

    @Test func aRecordingOnEpochSecondsRunsFromItsFirstFrame() throws {
        let epoch = try epochCorridor()
        let said = try messages(epoch, output: home.file("epoch").path)
        // The same walk as the corridor from 0: every message at the same session time.
        let reference = try messages(Self.corridor, output: home.file("reference").path)
        #expect(!said.isEmpty)
        #expect(said == reference)
        let summary = try #require(said.first { $0.contains(#""signal":"summary""#) })
        #expect(summary.contains(#""text":"This session ran for less than a minute and gave 2 obstacle alerts.""#), "\(summary)")

        // Captions from 0, and a second session in the same directory continues after
        // the first one's last cue, not at 100 hours.
        let captions = home.file("epoch/captions.vtt")
        let first = try cueStarts(captions)
        #expect(!first.isEmpty && first.allSatisfy { $0 < 60 }, "\(first)")
        _ = try messages(epoch, output: home.file("epoch").path)
        let both = try cueStarts(captions)
        #expect(both.count > first.count && both.allSatisfy { $0 < 120 }, "\(both)")
    }

    /// Minutes are counted from the first frame too: 150 s of recording on epoch seconds.
    @Test func theSummarySaysTheMinutesTheRecordingSpans() throws {
        let recording = try home.write("long.recording.jsonl", """
        {"time": 1733480000, "records": []}
        {"time": 1733480150, "records": []}
        """)
        let result = try cli(["walk", "--fast", "--recording", recording.path, "--output", home.file("out").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("This session ran for 2 minutes and gave 0 obstacle alerts."), "\(result.standardOutput)")
    }
}
