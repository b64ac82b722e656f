import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge composer test-connection` as a person runs it, against a real server.
@Suite struct CLITestConnectionTests {
    let home: TemporaryDirectory
    let server: LLMTestServer
    static let key = "sk-cli-DO-NOT-LEAK-2291"

    init() throws {
        home = try TemporaryDirectory()
        server = try LLMTestServer()
        _ = try RepositoryPaths.stagedManifest("network-composer.json")
    }

    func cli(_ arguments: [String], scenario: String = "ok", input: String? = nil) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: [
            "SENSEBRIDGE_PLUGIN_PATH": RepositoryPaths.stagedPlugins.path,
            "SENSEBRIDGE_ANTHROPIC_BASE_URL": server.baseURL(scenario, anthropic: true),
        ], input: input.map { Data($0.utf8) }, timeout: 60)
    }

    func consent() throws {
        #expect(try cli(["credentials", "set", "anthropic"], input: Self.key).status == 0)
        #expect(try cli(["settings", "acknowledge-terms", "anthropic"]).status == 0)
    }

    @Test func withoutAcknowledgedTermsNothingIsSent() throws {
        #expect(try cli(["credentials", "set", "anthropic"], input: Self.key).status == 0)
        let result = try cli(["composer", "test-connection", "--provider", "anthropic"])
        #expect(result.status == 78)
        #expect(result.standardError.contains("Nothing was sent. The terms for Anthropic have not been acknowledged"))
        #expect(server.requests().isEmpty)
    }

    @Test func withoutAKeyNothingIsSent() throws {
        _ = try cli(["settings", "acknowledge-terms", "anthropic"])
        let result = try cli(["composer", "test-connection", "--provider", "anthropic"])
        #expect(result.status == 78)
        #expect(result.standardError.contains("No API key is stored for Anthropic; run 'sensebridge credentials set anthropic'"))
        #expect(server.requests().isEmpty)
    }

    @Test func successIsReportedWithThePhrase() throws {
        try consent()
        let result = try cli(["composer", "test-connection", "--provider", "anthropic", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == true && object["phrase"] as? String == "a chair and a table")
        #expect(result.standardError.contains("using the base URL from SENSEBRIDGE_ANTHROPIC_BASE_URL"))
        let request = try #require(server.requests().first)
        #expect(request.headers["x-api-key"] == Self.key)
        #expect((request.json?["messages"] as? [[String: String]])?.first?["content"] == #"["chair","table"]"#)
    }

    @Test(arguments: [
        ("unauthorized", Int32(69), "rejected the API key (401)", "http-401", 1),
        ("missing-model", Int32(69), "does not know the model 'claude-haiku-4-5' (404)", "http-404", 1),
        ("rate-limited", Int32(69), "rate limiting requests (429)", "http-429", 1),
        ("server-error", Int32(69), "server error (500)", "http-500", 1),
        // It ignores json_schema and json_object, so text mode is asked too, and its
        // sentence is then refused by the narrator like any composer's.
        ("sentence", Int32(65), "SenseBridge refused its reply (number)", "refused:number", 3),
        ("spanish", Int32(65), "SenseBridge refused its reply (wrong-language)", "refused:wrong-language", 1),
    ])
    func eachFailureIsNamed(scenario: String, status: Int32, says: String, code: String, requests: Int) throws {
        try consent()
        let result = try cli(["composer", "test-connection", "--provider", "anthropic"], scenario: scenario)
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardError.contains(says), "\(result.standardError)")
        // The model's reply is shown once, labelled, on the terminal; never as the result
        // (stdout, or what --speak says).
        let lines = result.standardError.split(separator: "\n")
        #expect(!lines.contains { $0.contains("dangerous") && !$0.hasPrefix("Reply: ") })
        #expect(!result.standardOutput.contains("dangerous"))
        #expect(server.requests().count == requests)
        let json = try cli(["settings", "check-endpoint", "--provider", "anthropic", "--json"], scenario: scenario)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(json.status == status && object["reason"] as? String == code && object["ok"] as? Bool == false)
    }

    @Test("check-endpoint finds the mode the server supports and says what was refused on the way")
    func theModeIsFoundAndRemembered() throws {
        let url = server.baseURL("llama-cpp")
        #expect(try cli(["settings", "set", "localEndpointURL", url]).status == 0)
        #expect(try cli(["settings", "acknowledge-terms", "local-endpoint", "--accept-unencrypted"]).status == 0)
        let result = try cli(["settings", "check-endpoint", "--provider", "local-endpoint"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("Structured output: json_object (json_schema refused: schema-unsupported)"), "\(result.standardError)")
        #expect(result.standardError.contains("Reply: \"a chair and a table\""))
        #expect(server.requests().map { ($0.json?["response_format"] as? [String: Any])?["type"] as? String } == ["json_schema", "json_object"])
        let memory = try String(contentsOf: home.url.appendingPathComponent("state/sensebridge/endpoint-formats.json"), encoding: .utf8)
        #expect(memory.contains(#""mode" : "json_object""#) && memory.contains(url))
        #expect(!memory.contains("chair"))
    }

    @Test func unreachableAndTimeout() throws {
        try consent()
        let hang = try cli(["composer", "test-connection", "--provider", "anthropic", "--timeout", "1"], scenario: "hang")
        #expect(hang.status == 69)
        #expect(hang.standardError.contains("did not reply within 1 seconds"))
        server.stop()
        let refused = try cli(["composer", "test-connection", "--provider", "anthropic"])
        #expect(refused.status == 69)
        #expect(refused.standardError.contains("is unreachable: the connection was refused"))
    }

    @Test func theKeyIsNeverShownAnywhere() throws {
        try consent()
        var everything: [String] = []
        for (arguments, scenario) in [(["composer", "test-connection", "--provider", "anthropic"], "unauthorized"),
                                      (["composer", "test-connection", "--provider", "anthropic", "--json"], "ok"),
                                      (["plugins", "inspect", "org.sensebridge.network-composer"], "ok"),
                                      (["plugins", "inspect", "org.sensebridge.network-composer", "--json"], "ok"),
                                      (["settings", "show", "--json"], "ok")] {
            let result = try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: [
                "SENSEBRIDGE_PLUGIN_PATH": RepositoryPaths.stagedPlugins.path, "SENSEBRIDGE_LOG": "debug",
                "SENSEBRIDGE_ANTHROPIC_BASE_URL": server.baseURL(scenario, anthropic: true)])
            everything += [result.standardOutput, result.standardError]
        }
        #expect(everything.joined().contains("secret: set with 'sensebridge credentials set'"))
        #expect(everything.joined().contains("network-composer.exchange"))
        #expect(!everything.contains { $0.contains(Self.key) })
        let settings = try String(contentsOf: home.url.appendingPathComponent("config/sensebridge/settings.json"), encoding: .utf8)
        #expect(!settings.contains(Self.key))
    }

    @Test func theLocalEndpointIsTestedToo() throws {
        let url = server.baseURL("ok")
        #expect(try cli(["settings", "set", "localEndpointURL", url]).status == 0)
        #expect(try cli(["settings", "acknowledge-terms", "local-endpoint", "--accept-unencrypted"]).status == 0)
        let result = try cli(["composer", "test-connection", "--provider", "local-endpoint"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("The connection to your local endpoint works"))
        #expect(result.standardError.contains("travel unencrypted"))
        #expect(server.requests().first?.path == "/ok/v1/chat/completions")
        #expect(server.requests().first?.headers["authorization"] == nil)
    }
}
