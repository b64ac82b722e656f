import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork
import SenseBridgeRepositoryTesting
import Testing

/// The built plugin and the host's negotiation against stand-ins with the request and
/// reply shapes of the servers people run (Tests/Servers/README.md says where each shape
/// comes from), and against what small models write when nothing enforces the format.
@Suite struct RealServerShapesTests {
    func objects(_ labels: String...) -> [PerceptionRecord] {
        labels.map { PerceptionRecord(kind: .object, label: $0, confidence: 0.8) }
    }

    func compose(_ network: NegotiatingComposer, _ records: [PerceptionRecord], locale: SpokenLocale = .en) throws -> NetworkComposition.Result {
        let resolver = NetworkRouter(backend: .localEndpoint(host: "127.0.0.1", unencrypted: true), networkAvailable: true, now: { 0 })
        return try NetworkComposition(onDevice: FakeOnDeviceComposer(), negotiating: network, resolver: resolver)
            .compose(records: records, locale: locale, detail: .standard, purpose: .describe)
    }

    func formats(_ server: LLMTestServer) -> [String?] {
        server.requests().map { ($0.json?["response_format"] as? [String: Any])?["type"] as? String }
    }

    static let grounded: [(SpokenLocale, String)] = [(.en, "a chair and a table"), (.es, "una silla y una mesa"), (.vi, "một cái ghế và một cái bàn")]

    @Test("llama-cpp-python: json_schema is refused with a 500, json_object is used and remembered", arguments: grounded)
    func llamaCpp(locale: SpokenLocale, expected: String) throws {
        let server = try LLMTestServer()
        let memory = FormatMemory(url: try Harness.formats().file("llama-\(locale).json"))
        let network = try Harness.negotiating(baseURL: server.baseURL("llama-cpp"), memory: memory)
        let first = try compose(network, objects("chair", "table"), locale: locale)
        #expect(first.phrases.first?.phrase?.text == expected && first.usesNetworkPhrase, "\(String(describing: first.network))")
        #expect(first.network == NetworkUse(used: true, reason: nil, format: "json_object", refusedFormats: ["json_schema:schema-unsupported"]))
        #expect(formats(server) == ["json_schema", "json_object"])
        let sent = try #require(server.requests().last?.json?["response_format"] as? [String: Any])
        #expect(sent["schema"] != nil, "json_object carries the schema, which llama-cpp-python decodes with")
        // The next moment, and the next session, ask json_object only.
        _ = try compose(network, objects("chair", "table"), locale: locale)
        _ = try compose(try Harness.negotiating(baseURL: server.baseURL("llama-cpp"), memory: memory), objects("chair", "table"), locale: locale)
        #expect(formats(server) == ["json_schema", "json_object", "json_object", "json_object"])
    }

    @Test("a small model's own sentence case and full stop, in text mode, are read as the phrase")
    func textModeAsSmallModelsWriteIt() throws {
        let server = try LLMTestServer()
        let memory = FormatMemory(url: try Harness.formats().file("llama-text.json"))
        try memory.remember(.text, for: .init(baseURL: server.baseURL("llama-cpp"), model: "test-model"), refused: [])
        let result = try compose(try Harness.negotiating(baseURL: server.baseURL("llama-cpp"), memory: memory), objects("chair", "table"))
        // The server wrote "A chair and a table."; the hedge is the host's, so the
        // capital and the full stop are not part of the subject.
        #expect(result.usesNetworkPhrase && result.network?.format == "text", "\(String(describing: result.network))")
        #expect(result.phrases.first?.phrase?.text == "a chair and a table")
        #expect(formats(server) == [nil])
    }

    @Test("Ollama and vLLM take json_schema: one request, used", arguments: ["ollama", "vllm"])
    func jsonSchemaServers(scenario: String) throws {
        let server = try LLMTestServer()
        for (locale, expected) in Self.grounded {
            let result = try compose(try Harness.negotiating(baseURL: server.baseURL(scenario)), objects("chair", "table"), locale: locale)
            #expect(result.phrases.first?.phrase?.text == expected, "\(scenario) \(locale): \(String(describing: result.network))")
            #expect(result.network?.format == "json_schema" && result.network?.refusedFormats == [])
        }
        #expect(formats(server) == ["json_schema", "json_schema", "json_schema"])
    }

    @Test("what small models write around the JSON is dropped, the phrase judged as always",
          arguments: ["fenced", "preamble-fenced", "chatter"])
    func wrappedJSON(scenario: String) throws {
        let server = try LLMTestServer()
        let result = try compose(try Harness.negotiating(baseURL: server.baseURL(scenario)), objects("chair", "table"))
        #expect(result.phrases.first?.phrase?.text == "a chair and a table", "\(String(describing: result.network))")
        #expect(result.network?.format == "json_schema" && server.requests().count == 1)
        #expect(!result.phrases.contains { ($0.phrase?.text ?? "").contains("help") || ($0.phrase?.text ?? "").contains("Here") })
    }

    @Test func aBarePhraseIsFormatIgnoredInTheJSONModesAndUsedInTextMode() throws {
        let server = try LLMTestServer()
        let result = try compose(try Harness.negotiating(baseURL: server.baseURL("bare")), objects("chair", "table"))
        #expect(result.phrases.first?.phrase?.text == "a chair and a table" && result.usesNetworkPhrase)
        #expect(result.network?.format == "text")
        #expect(result.network?.refusedFormats == ["json_schema:format-ignored", "json_object:format-ignored"])
        #expect(formats(server) == ["json_schema", "json_object", nil])
        // Invariant 3 in every mode asked: the user message is the labels and nothing else.
        #expect(server.requests().allSatisfy { ($0.json?["messages"] as? [[String: String]])?.last?["content"] == #"["chair","table"]"# })
    }

    @Test("a reply about something else is refused however it is wrapped", arguments: [
        ("unrelated", "text"), ("fenced-unrelated", "json_schema"),
    ])
    func unrelatedReplies(scenario: String, format: String) throws {
        let server = try LLMTestServer()
        let result = try compose(try Harness.negotiating(baseURL: server.baseURL(scenario)), objects("chair", "table"))
        #expect(!result.usesNetworkPhrase && result.phrases.first?.phrase?.text == "on-device: chair, table")
        #expect(result.network?.reason?.hasPrefix("refused:") == true, "\(String(describing: result.network))")
        #expect(result.network?.format == format)
        #expect(!result.phrases.contains { ($0.phrase?.text ?? "").contains("weather") || ($0.phrase?.text ?? "").contains("cat") })
    }

    /// The issue's own run, through the real binary: describe against llama-cpp-python's
    /// shape in en, es and vi uses the server's phrase and says so only then.
    @Test(arguments: grounded)
    func describeThroughLlamaCpp(locale: SpokenLocale, expected: String) throws {
        let server = try LLMTestServer()
        let home = try TemporaryDirectory()
        func cli(_ arguments: [String]) throws -> ProcessRunner.Result {
            try ProcessRunner.cli(arguments, home: home.url, extraEnvironment: ["SENSEBRIDGE_PLUGIN_PATH": RepositoryPaths.stagedPlugins.path],
                                  timeout: 60)
        }
        for step in [["settings", "set", "reasoningBackend", "local-endpoint"], ["settings", "set", "localEndpointURL", server.baseURL("llama-cpp")],
                     ["settings", "set", "localEndpointModel", "smollm2"], ["settings", "acknowledge-terms", "local-endpoint", "--accept-unencrypted"]] {
            #expect(try cli(step).status == 0)
        }
        let records = try home.write("scene.records.jsonl", """
            {"kind": "object", "label": "chair", "confidence": 0.9}
            {"kind": "object", "label": "table", "confidence": 0.85}
            {"kind": "text", "label": "PIN 4417", "confidence": 0.9}

            """)
        let result = try cli(["describe", "--records", records.path, "--locale", locale.rawValue, "--json", "--no-render"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let network = try #require(object["network"] as? [String: Any])
        #expect(network["used"] as? Bool == true && network["format"] as? String == "json_object")
        #expect(network["refusedFormats"] as? [String] == ["json_schema:schema-unsupported"])
        let sentences = try #require(object["sentences"] as? [String])
        #expect(sentences.first?.contains(expected) == true, "\(sentences)")
        let named = SpokenTable.forLocale(locale).backendLocalUnencrypted.filled(["host": "127.0.0.1"])
        #expect(result.standardError.contains("note: \(named)"), "\(result.standardError)")
        #expect(!server.requests().contains { $0.body.contains("4417") })
    }
}
