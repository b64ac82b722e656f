import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `walk --json`, read as a script reads it: one JSON object per line; each message with
/// its session time, signal, text, urgency and the render targets it was handed to; the
/// same messages the text form prints; and the fields documented in `--help`.
@Suite struct CLIWalkJSONTests {
    static let messageKeys: Set<String> = ["type", "time", "signal", "text", "locale", "urgent", "targets"]

    @Test func everyMessageIsOneLineWithTimeSignalTextAndTargets() throws {
        let home = try TemporaryDirectory()
        let output = home.file("out").path
        let json = try ProcessRunner.cli(["walk", "--fast", "--json", "--profile", "deaf", "--output", output], home: home.url)
        #expect(json.status == 0, "\(json.standardError)")
        let lines = json.standardOutput.split(separator: "\n")
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not one JSON object: \(line)")
        }
        let messages = objects.filter { $0["type"] as? String == "message" }
        #expect(Set(objects.compactMap { $0["type"] as? String }) == ["message", "composition"])
        #expect(messages.count == 11, "\(json.standardOutput)")
        // The corridor's smoke alarm is an alert (Invariant 10), never one of the descriptions.
        #expect(messages.filter { $0["signal"] as? String == "safety" }.map { $0["text"] as? String } == ["Alert: it sounds like a smoke alarm."])
        for message in messages {
            #expect(Set(message.keys) == Self.messageKeys, "\(message)")
            #expect(message["targets"] as? [String] == ["captions", "haptics"], "\(message)")
            #expect(["status", "alert", "clear", "description", "summary", "safety"].contains(message["signal"] as? String ?? ""), "\(message)")
            #expect((message["urgent"] as? Bool) == ["alert", "safety"].contains(message["signal"] as? String ?? ""), "\(message)")
        }
        let times = messages.compactMap { $0["time"] as? Double }
        #expect(times.count == messages.count && times == times.sorted())
        #expect(messages.first?["text"] as? String == "SenseBridge has started.")
        #expect(messages.last?["text"] as? String == "SenseBridge has stopped.")

        // The same messages as the text form, in the same order, at the same times.
        let text = try ProcessRunner.cli(["walk", "--fast", "--profile", "deaf", "--output", output], home: home.url)
        #expect(text.status == 0, "\(text.standardError)")
        let printed = messages.map { message in
            String(format: "%7.2f  %@  %@", message["time"] as? Double ?? -1,
                   (message["signal"] as? String ?? "").padding(toLength: 11, withPad: " ", startingAt: 0), message["text"] as? String ?? "")
        }
        #expect(printed == text.standardOutput.split(separator: "\n").map(String.init))
    }

    /// Which speech alternative started is said by the fan-out, not the session: it is in
    /// `--json` like every other message, and the session's messages and the fan-out's
    /// own are numbered by one counter, so no two share a `sequence` in speech.jsonl.
    @Test func theSpeechChoiceIsInTheJSONAndEveryMessageHasItsOwnSequence() throws {
        let home = try TemporaryDirectory()
        let output = home.file("out")
        let result = try ProcessRunner.cli(["walk", "--fast", "--json", "--profile", "blind", "--output", output.path], home: home.url,
                                           extraEnvironment: ["SPEECHD_ADDRESS": "unix_socket:\(home.url.path)/absent.sock"])
        #expect(result.status == 0, "\(result.standardError)")
        let chosen = "The speech output is using a later choice in the profile, because its first choice could not start."
        let messages = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "message" }
        #expect(messages.filter { $0["text"] as? String == chosen }.count == 1, "\(result.standardOutput)")
        #expect(messages.first?["text"] as? String == chosen, "said before the session starts")

        let index = try String(contentsOf: output.appendingPathComponent("speech/speech.jsonl"), encoding: .utf8)
        let sequences = index.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["sequence"] as? Int
        }
        #expect(sequences.count == messages.count, "every message spoken once: \(index)")
        #expect(Set(sequences).count == sequences.count, "a sequence number given twice: \(sequences)")
        #expect(result.standardError.contains("org.sensebridge.espeak-speech instead of org.sensebridge.speech-dispatcher"))
        #expect(!result.standardError.contains("[error] profile.target"), "an expected fallback is no error: \(result.standardError)")
    }

    /// With no render target left, messages go to stderr, and `targets` says so by being empty.
    @Test func aMessageNoTargetTookHasNoTargets() throws {
        let home = try TemporaryDirectory()
        let profile = try home.write("none.json", """
            {"schema": "sensebridge.output-profile/1", "name": "none", "locale": "en", "detail": "standard",
             "composer": "org.sensebridge.label-list", "fallbackComposer": "org.sensebridge.label-list",
             "renderTargets": [{"id": "org.example.broken"}]}
            """)
        // Installed but broken: the profile is right, so the session starts without it.
        let plugins = try TemporaryDirectory()
        try plugins.write("broken.json", #"{"schema": "sensebridge.plugin-manifest/1", "id": "org.example.broken", "kind": "render-target"}"#)
        let result = try ProcessRunner.cli(["--plugin-path", plugins.url.path, "walk", "--fast", "--json", "--profile", profile.path, "--output", home.file("out").path],
                                           home: home.url)
        let messages = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "message" }
        #expect(!messages.isEmpty, "\(result.standardError)")
        #expect(messages.allSatisfy { ($0["targets"] as? [String]) == [] }, "\(messages)")
        #expect(result.standardError.contains("[status] SenseBridge has started."))
    }

    @Test func helpDocumentsEachMessageField() throws {
        let home = try TemporaryDirectory()
        let help = try ProcessRunner.cli(["walk", "--help"], home: home.url)
        #expect(help.status == 0)
        let words = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for field in Self.messageKeys {
            #expect(words.contains("\"\(field)\"") || words.contains(" \(field) ") || words.contains(" \(field),"), "--help does not name \(field)")
        }
        #expect(words.contains("exit status is 130 or 143"))
    }
}
