import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// `sensebridge describe` with network composition: used only behind both gates, judged
/// by the narrator, and the worst-bug sentence never spoken, end to end.
@Suite struct CLIDescribeNetworkTests {
    let home: TemporaryDirectory
    let server: LLMTestServer
    let records: URL

    init() throws {
        home = try TemporaryDirectory()
        server = try LLMTestServer()
        _ = try RepositoryPaths.stagedManifest("network-composer.json")
        records = try home.write("scene.records.jsonl", """
        {"kind": "object", "label": "chair", "confidence": 0.91}
        {"kind": "object", "label": "door", "confidence": 0.86}
        {"kind": "object", "label": "cup", "confidence": 0.31}
        {"kind": "sound", "label": "smoke_alarm", "confidence": 0.88}
        {"kind": "text", "label": "Account 4417 overdrawn", "confidence": 0.93}
        {"kind": "depth", "distanceMetres": 2.4}
        """)
    }

    func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
        try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": RepositoryPaths.stagedPlugins.path],
                              timeout: 60)
    }

    func describe() throws -> ProcessRunner.Result {
        try cli(["describe", "--records", records.path, "--no-render"])
    }

    func consent(_ scenario: String) throws {
        #expect(try cli(["settings", "set", "localEndpointURL", server.baseURL(scenario)]).status == 0)
        #expect(try cli(["settings", "acknowledge-terms", "local-endpoint", "--accept-unencrypted"]).status == 0)
        #expect(try cli(["settings", "set", "reasoningBackend", "local-endpoint"]).status == 0)
    }

    @Test func onDeviceByDefaultSendsNothingAndSaysNothingNew() throws {
        let result = try describe()
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Alert: it sounds like a smoke alarm.\nIt looks like there's a chair and a door.\n"))
        #expect(!result.standardError.contains("note:"))
        #expect(server.requests().isEmpty)
    }

    @Test func aBackendWithoutAcknowledgedTermsSendsNothingAndSaysWhyOnce() throws {
        #expect(try cli(["settings", "set", "localEndpointURL", server.baseURL("ok")]).status == 0)
        #expect(try cli(["settings", "set", "reasoningBackend", "local-endpoint"]).status == 0)
        let result = try describe()
        #expect(result.status == 0)
        let said = result.standardError.components(separatedBy: "The provider's terms have not been acknowledged").count - 1
        #expect(said == 1, "\(result.standardError)")
        #expect(server.requests().isEmpty)
    }

    @Test func withBothGatesTheNetworkPhraseIsHedgedByTheHost() throws {
        try consent("ok")
        let result = try describe()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Alert: it sounds like a smoke alarm.\nIt looks like there's a chair and a door.\n"))
        #expect(result.standardError.contains("note: Descriptions are composed by your server at 127.0.0.1. Only object names are sent, and they travel unencrypted."))
        let requests = server.requests()
        try #require(requests.count == 1)
        let user = (requests[0].json?["messages"] as? [[String: String]])?.last?["content"]
        #expect(user == #"["chair","door"]"#)
        #expect(!requests[0].body.contains("4417") && !requests[0].body.contains("smoke") && !requests[0].body.contains("cup"))
    }

    @Test func theWorstBugSentenceIsNeverSpoken() throws {
        try consent("sentence")
        let result = try describe()
        #expect(result.status == 0)
        // Asked in every mode, since it ignored the structured ones; refused in the last.
        #expect(server.requests().map { ($0.json?["response_format"] as? [String: Any])?["type"] as? String } == ["json_schema", "json_object", nil])
        for forbidden in ["feet", "dangerous", "There is a car", "ahead"] {
            #expect(!result.standardOutput.contains(forbidden), "\(result.standardOutput)")
        }
        #expect(result.standardOutput.hasPrefix("Alert: it sounds like a smoke alarm.\nIt looks like there's a chair and a door.\n"))
        #expect(result.standardError.contains("the network phrase was not used (refused:number)"), "\(result.standardError)")
        #expect(!result.standardError.contains("Descriptions are composed by your server"), "never named: none of its phrases was used")
    }
}
