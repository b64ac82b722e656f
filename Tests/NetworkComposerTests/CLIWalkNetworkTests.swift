import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// Hands-free awareness (`sensebridge walk`) with network composition: the backend named
/// once, two failures said once, a probe on the fifth tick, recovery said once.
@Suite struct CLIWalkNetworkTests {
    let home: TemporaryDirectory
    let server: LLMTestServer
    let recording: URL

    init() throws {
        home = try TemporaryDirectory()
        server = try LLMTestServer()
        _ = try RepositoryPaths.stagedManifest("network-composer.json")
        var lines = [#"{"schema": "sensebridge.recording/1"}"#]
        // 1.01 s apart with a 1 s interval: every frame is a tick. (Written when the
        // session's floating-point schedule could land a hair late at exactly 1 s; it now
        // keeps integer nanoseconds of recording time, CLIWalkDeterminismTests.)
        // A first detection pass at 0 s, so the stabiliser has confirmed the scene on the
        // first tick's pass (0.01 s).
        for time in [0] + (0..<12).map({ 0.01 + Double($0) * 1.01 }) {
            lines.append(#"{"time": \#(String(format: "%.2f", time)), "records": [{"kind": "object", "label": "chair", "confidence": 0.9}, {"kind": "object", "label": "table", "confidence": 0.85}, {"kind": "text", "label": "PIN 4417", "confidence": 0.9}]}"#)
        }
        recording = try home.write("walk.recording.jsonl", lines.joined(separator: "\n") + "\n")
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": RepositoryPaths.stagedPlugins.path],
                              timeout: 120)
    }

    @Test func theBreakerDuringAWalkIsSaidOnceEachWay() throws {
        try server.script(["server-error", "server-error", "ok", "ok", "ok", "ok", "ok", "ok"])
        #expect(try cli(["settings", "set", "localEndpointURL", server.baseURL("script")]).status == 0)
        #expect(try cli(["settings", "acknowledge-terms", "local-endpoint", "--accept-unencrypted"]).status == 0)
        #expect(try cli(["settings", "set", "reasoningBackend", "local-endpoint"]).status == 0)
        let result = try cli(["walk", "--recording", recording.path, "--fast", "--narration-interval", "1", "--profile", "deaf",
                              "--output", home.file("out").path])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        func said(_ text: String) -> [String] { lines.filter { $0.contains(text) } }
        // The server answered every request, with an error: that is said as such, not as
        // "not answering", and it is named as composing only once its phrase was used.
        let failing = said("Your server's replies could not be used (it answered with error 500)")
        let named = said("Descriptions are composed by your server at 127.0.0.1")
        #expect(failing.count == 1 && failing.first?.hasPrefix("   1.02") == true, "\(lines)")
        #expect(named.count == 1 && named.first?.hasPrefix("   6.07") == true, "\(lines)")
        #expect(said("not answering").isEmpty && said("again").isEmpty, "\(lines)")
        // Ticks at 0 and 1 failed; 2-5 asked nothing; 6 probed; 7-11 used the network again.
        let requests = server.requests()
        #expect(requests.count == 8)
        #expect(requests.allSatisfy { ($0.json?["messages"] as? [[String: String]])?.last?["content"] == #"["chair","table"]"# })
        #expect(!requests.contains { $0.body.contains("4417") })
    }

    @Test func walkJSONGivesEachMomentsReasonCode() throws {
        try server.script(["server-error", "unauthorized", "ok"])
        #expect(try cli(["settings", "set", "localEndpointURL", server.baseURL("script")]).status == 0)
        #expect(try cli(["settings", "acknowledge-terms", "local-endpoint", "--accept-unencrypted"]).status == 0)
        #expect(try cli(["settings", "set", "reasoningBackend", "local-endpoint"]).status == 0)
        let result = try cli(["walk", "--recording", recording.path, "--fast", "--narration-interval", "1", "--profile", "deaf",
                              "--output", home.file("out").path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let objects = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count == result.standardOutput.split(separator: "\n").count, "every line is one JSON object")
        let reasons = objects.filter { $0["type"] as? String == "composition" }.map { object -> String in
            guard let network = object["network"] as? [String: Any] else { return "not-asked" }
            return (network["used"] as? Bool == true) ? "used" : (network["reason"] as? String ?? "?")
        }
        // Two failures trip the breaker; ticks 2-5 do not ask; the probe at 6 is used.
        #expect(reasons.prefix(7) == ["http-500", "http-401", "not-asked", "not-asked", "not-asked", "not-asked", "used"], "\(reasons)")
        let messages = objects.filter { $0["type"] as? String == "message" }
        #expect(messages.contains { ($0["text"] as? String)?.hasPrefix("Your server's replies could not be used") == true && $0["urgent"] as? Bool == true })
        #expect(!result.standardOutput.contains("Internal error"), "a server's own text is never in --json")
        #expect(result.standardError.contains("reasoning.network-phrase-unused reason=http-500"))
    }

    /// A profile that names the network composer: with consent the composer is used and
    /// the terminal reads sentences only; without it, one note saying why, as a sentence.
    /// Never a Swift value ("CLIError(message: …, code: sensebridge.ExitCode.config)").
    @Test func aProfileNamingTheNetworkComposerPrintsSentencesNotSwiftValues() throws {
        let profile = try home.write("network-profile.json", """
            {"schema": "sensebridge.output-profile/1", "name": "network", "locale": "en", "detail": "standard",
             "composer": "org.sensebridge.network-composer", "fallbackComposer": "org.sensebridge.label-list",
             "renderTargets": [{"id": "org.sensebridge.caption-file", "config": {"format": "vtt"}}]}
            """)
        func walk() throws -> ProcessRunner.Result {
            try cli(["walk", "--recording", recording.path, "--fast", "--narration-interval", "1", "--profile", profile.path,
                     "--output", home.file("out").path])
        }
        func expectNoSwiftValues(_ result: ProcessRunner.Result) {
            for raw in ["CLIError", "ExitCode", "ComposerUnavailable(", "message:"] {
                #expect(!result.standardError.contains(raw), "stderr shows a Swift value (\(raw)): \(result.standardError)")
            }
        }
        let refused = try walk()
        #expect(refused.status == 0, "\(refused.standardError)")
        expectNoSwiftValues(refused)
        #expect(refused.standardError.contains("note: The reasoning backend is on-device;"), "\(refused.standardError)")
        #expect(refused.standardOutput.contains("Network descriptions are not turned on"))

        #expect(try cli(["settings", "set", "localEndpointURL", server.baseURL("ok")]).status == 0)
        #expect(try cli(["settings", "acknowledge-terms", "local-endpoint", "--accept-unencrypted"]).status == 0)
        #expect(try cli(["settings", "set", "reasoningBackend", "local-endpoint"]).status == 0)
        let used = try walk()
        #expect(used.status == 0, "\(used.standardError)")
        expectNoSwiftValues(used)
        #expect(used.standardOutput.contains("Descriptions are composed by your server at 127.0.0.1"), "\(used.standardOutput)")
        #expect(!server.requests().isEmpty, "the profile's network composer was used")
    }

    @Test func aWalkWithTheBackendOnDeviceSendsNothing() throws {
        let result = try cli(["walk", "--recording", recording.path, "--fast", "--narration-interval", "1", "--profile", "deaf",
                              "--output", home.file("out").path])
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("Descriptions are composed"))
        #expect(server.requests().isEmpty)
    }
}
