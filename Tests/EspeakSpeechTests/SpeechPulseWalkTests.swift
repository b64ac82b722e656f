import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The pulse end to end: `sensebridge walk` past a wall at 0.45 m, with the speech target
/// writing WAV files. A profile that asks for the cue gets a tone a second in the speech
/// folder; one that does not gets speech alone, the manifest's default.
@Suite struct SpeechPulseWalkTests {
    static func wallAtArmsLength() -> String { TestSignals.wallRecording() }

    /// A speech-only profile writing WAV files; `cues` is the target entry's "cues" field, if any.
    static func profile(cues: String?, home: TemporaryDirectory) throws -> URL {
        let cuesField = cues.map { #", "cues": \#($0)"# } ?? ""
        return try home.write("speech-tones.json", """
            {"schema": "sensebridge.output-profile/1", "name": "speech-tones", "locale": "en",
             "composer": "org.sensebridge.label-list",
             "renderTargets": [{"id": "org.sensebridge.espeak-speech", "config": {"output": "wav"}\(cuesField)}]}
            """)
    }

    struct Run {
        /// Kept so the folder outlives `walk` (it is removed when released).
        var home: TemporaryDirectory
        var pulses: [[String: Any]]
        var speech: URL
        var wavs: [String]
        var index: [[String: Any]]
    }

    static func walk(cues: String?) throws -> Run {
        let home = try TemporaryDirectory()
        let recording = try home.write("wall.recording.jsonl", wallAtArmsLength())
        let output = home.file("out")
        let result = try ProcessRunner.cli(["walk", "--fast", "--json", "--recording", recording.path,
                                            "--profile", try profile(cues: cues, home: home).path, "--output", output.path], home: home.url)
        #expect(result.status == 0, "\(result.standardError)")
        let pulses = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "message" && $0["signal"] as? String == "pulse" }
        let speech = output.appendingPathComponent("speech")
        let wavs = ((try? FileManager.default.contentsOfDirectory(atPath: speech.path)) ?? []).filter { $0.hasSuffix(".wav") }.sorted()
        let index = ((try? String(contentsOf: speech.appendingPathComponent("speech.jsonl"), encoding: .utf8)) ?? "")
            .split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return Run(home: home, pulses: pulses, speech: speech, wavs: wavs, index: index)
    }

    @Test func aProfileThatAsksHearsATonePerPulse() throws {
        let run = try Self.walk(cues: #"{"awareness-pulse": true}"#)
        #expect(run.pulses.compactMap { $0["time"] as? Double } == [1, 2, 3, 4, 5, 6], "\(run.pulses)")
        #expect(run.pulses.allSatisfy { $0["targets"] as? [String] == ["speech"] }, "\(run.pulses)")
        let tones = run.wavs.filter { $0.hasSuffix("-awarenessPulse.wav") }
        #expect(tones.count == 6, "\(run.wavs)")
        // The alert is said once, in words; the repeats are tones.
        #expect(run.wavs.filter { $0.hasSuffix("-awarenessAlert.wav") }.count == 1, "\(run.wavs)")
        for name in tones {
            let wav = try WAVFile(run.speech.appendingPathComponent(name))
            #expect(abs(wav.duration - 0.08) < 0.001, "\(name): \(wav.duration) s")
            #expect(abs(wav.zeroCrossingFrequency - 880) < 10, "\(name): \(wav.zeroCrossingFrequency) Hz")
        }
        let indexed = run.index.filter { $0["signal"] as? String == "awarenessPulse" }
        #expect(indexed.compactMap { $0["file"] as? String }.sorted() == tones)
        #expect(indexed.allSatisfy { $0["characters"] as? Int == 0 && $0["voice"] is NSNull })
    }

    @Test func withoutTheProfileAskingSpeechStaysWords() throws {
        let run = try Self.walk(cues: nil)
        #expect(run.pulses.count == 6)
        #expect(run.pulses.allSatisfy { ($0["targets"] as? [String]) == [] }, "\(run.pulses)")
        #expect(!run.wavs.isEmpty && !run.wavs.contains { $0.contains("awarenessPulse") }, "\(run.wavs)")
    }
}
