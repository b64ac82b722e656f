import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The shipped blind profile as a person meets it: speech through their speech-dispatcher
/// when one answers, espeak-ng when none does, and which one is said once. Through the
/// CLI, with the real plugins and a real daemon (scripts/test-daemons/speechd.sh).
@Suite(.serialized) struct BlindProfileTests {
    let home: TemporaryDirectory
    let output: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        output = try TemporaryDirectory()
        _ = try RepositoryPaths.stagedManifest("speech-dispatcher.json")
    }

    static let fellBack = "The speech output is using a later choice in the profile, because its first choice could not start."
    static let joined = "The speech output is using the profile's first choice."

    /// A socket nobody listens on: the test never joins a daemon this machine may run.
    var absentDaemon: [String: String] { ["SPEECHD_ADDRESS": "unix_socket:\(home.url.path)/absent.sock"] }

    @Test func withNoDaemonTheBlindProfileSpeaksWithEspeakAndSaysSoOnce() throws {
        let result = try ProcessRunner.cli(["say", "Testing speech.", "--profile", "blind", "--output", output.url.path],
                                           home: home.url, extraEnvironment: absentDaemon)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("speech: org.sensebridge.espeak-speech instead of org.sensebridge.speech-dispatcher"),
                "\(result.standardError)")
        #expect(result.standardError.contains("absent.sock"), "the reason names the address: \(result.standardError)")
        // espeak-ng spoke twice: the choice, once, and the message. Its index keeps lengths, not text.
        let index = try String(contentsOf: output.file("speech/speech.jsonl"), encoding: .utf8)
        let lines = try index.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(lines.compactMap { $0["characters"] as? Int }.sorted() == ["Testing speech.".count, Self.fellBack.count].sorted(), "\(index)")
    }

    @Test func withNoDaemonTheChoiceIsSaidOnceOnEveryOutput() throws {
        let profile = try output.write("speech-and-captions.json", """
        {"schema": "sensebridge.output-profile/1", "name": "speech-and-captions", "composer": "org.sensebridge.label-list",
         "renderTargets": [
           {"role": "speech", "alternatives": [{"id": "org.sensebridge.speech-dispatcher"},
                                               {"id": "org.sensebridge.espeak-speech", "config": {"output": "wav"}}]},
           {"id": "org.sensebridge.caption-file"}]}
        """)
        let sample = RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")
        let result = try ProcessRunner.cli(["describe", "--records", sample.path, "--profile", profile.path, "--output", output.url.path],
                                           home: home.url, extraEnvironment: absentDaemon)
        #expect(result.status == 0, "\(result.standardError)")
        let said = output.captionText("captions.vtt")
        #expect(said.components(separatedBy: Self.fellBack).count - 1 == 1, "said whole once: \(said)")
        // Said before the description. Only the scene's smoke alarm, urgent, may come
        // first; if it arrives while the notice is shown it cuts the notice off, and the
        // notice (said only once) is said whole again after it, so what precedes the whole
        // notice is the alarm and at most a cut-off start of the notice.
        let whole = try #require(said.range(of: Self.fellBack), "\(said)")
        let description = try #require(said.range(of: "It looks like there's a chair and a door."), "\(said)")
        #expect(whole.lowerBound < description.lowerBound, "said before the description: \(said)")
        let before = String(said[..<whole.lowerBound]).replacingOccurrences(of: "<b>Alert: it sounds like a smoke alarm.</b>", with: "")
            .trimmingCharacters(in: .whitespaces)
        #expect(before.isEmpty || Self.fellBack.hasPrefix(before), "nothing but the urgent alarm before it: \(said)")
        #expect(!said.contains("stopped working"), "a substitute is not a loss: \(said)")
    }

    @Test func withADaemonRunningTheBlindProfileJoinsItAndSaysSoOnce() throws {
        let daemon = try TestSpeechd(perByte: 0.001)
        defer { daemon.stop() }
        let result = try ProcessRunner.cli(["say", "Testing speech.", "--profile", "blind", "--output", output.url.path],
                                           home: home.url, extraEnvironment: ["SPEECHD_ADDRESS": daemon.address])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(daemon.begun.filter { $0 == Self.joined }.count == 1, "\(daemon.begun)")
        #expect(daemon.ended("Testing speech."), "\(daemon.log)")
        // The first alternative started, so espeak-ng was never created and wrote nothing.
        #expect(!FileManager.default.fileExists(atPath: output.file("speech").path))
        #expect(!result.standardError.contains("instead of"), "\(result.standardError)")
    }
}
