import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork
import Testing

/// Success for both wire formats, judged on what the server received and what came back.
@Suite struct WireFormatTests {
    let chairAndTable = NetworkPayload.records(for: ["chair", "table"])

    @Test func openAICompatible() throws {
        let server = try LLMTestServer()
        let composer = try Harness.composer(baseURL: server.baseURL("ok"))
        let result = try composer.compose(records: chairAndTable, locale: "en", maximumWords: 8, maximumLabels: 5, deadline: Harness.deadline(8))
        #expect(result == [.phrase(SubjectPhrase(stream: .sight, text: "a chair and a table", recordIndices: [0, 1]))])

        let requests = server.requests()
        try #require(requests.count == 1)
        let request = requests[0]
        #expect(request.path == "/ok/v1/chat/completions")
        #expect(request.headers["authorization"] == "Bearer test-key")
        #expect(request.headers["content-type"] == "application/json")
        let body = try #require(request.json)
        #expect(Set(body.keys) == ["model", "messages", "max_tokens", "temperature", "stream", "response_format"])
        #expect(body["model"] as? String == "test-model")
        let messages = try #require(body["messages"] as? [[String: String]])
        #expect(messages.map { $0["role"] } == ["system", "user"])
        #expect(messages[1]["content"] == #"["chair","table"]"#)
        #expect(messages[0]["content"]?.contains("in English") == true)
        #expect(messages[0]["content"]?.contains("at most 8 words") == true)
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
    }

    @Test func anthropicMessages() throws {
        let server = try LLMTestServer()
        let composer = try Harness.composer(baseURL: server.baseURL("ok", anthropic: true), wireFormat: "anthropic")
        let result = try composer.compose(records: chairAndTable, locale: "es", maximumWords: 6, maximumLabels: 5, deadline: Harness.deadline(8))
        #expect(result.map(\.phrase?.text) == ["una silla y una mesa"])
        let request = try #require(server.requests().first)
        #expect(request.path == "/ok/v1/messages")
        #expect(request.headers["x-api-key"] == "test-key")
        #expect(request.headers["anthropic-version"] == "2023-06-01")
        #expect(request.headers["authorization"] == nil)
        let body = try #require(request.json)
        #expect(Set(body.keys) == ["model", "max_tokens", "temperature", "system", "messages", "tools", "tool_choice"])
        #expect((body["system"] as? String)?.contains("in Spanish") == true)
        #expect((body["messages"] as? [[String: String]])?.first?["content"] == #"["chair","table"]"#)
        #expect((body["tool_choice"] as? [String: String])?["name"] == "subject_phrase")
    }

    @Test func aTextReplyToAStructuredRequestIsFormatIgnoredAndInTextModeACandidate() throws {
        let server = try LLMTestServer()
        let structured = try Harness.composer(baseURL: server.baseURL("sentence", anthropic: true), wireFormat: "anthropic")
        #expect {
            try structured.compose(records: chairAndTable, locale: "en", maximumWords: 8, maximumLabels: 5, deadline: Harness.deadline(8))
        } throws: { ($0 as? PluginCallError)?.message.hasPrefix("[format-ignored] ") == true }
        let text = try Harness.composer(baseURL: server.baseURL("sentence", anthropic: true), wireFormat: "anthropic",
                                        extra: ["responseFormat": .string("text")])
        let result = try text.compose(records: chairAndTable, locale: "en", maximumWords: 8, maximumLabels: 5, deadline: Harness.deadline(8))
        // The plugin passes it on as a bare phrase (sentence capital and final full stop
        // dropped); the host's validator and grounding rule refuse it (EndToEndTests).
        #expect(result.map(\.phrase?.text) == ["there is a car about 2 feet ahead \u{2014} dangerous"])
        #expect(server.requests().last?.json?["tools"] == nil)
    }

    @Test func withoutAKeyNoCredentialHeaderIsSent() throws {
        let server = try LLMTestServer()
        let composer = try Harness.composer(baseURL: server.baseURL("ok"), apiKey: nil, extra: ["responseFormat": .string("text")])
        _ = try composer.compose(records: chairAndTable, locale: "en", maximumWords: 8, maximumLabels: 5, deadline: Harness.deadline(8))
        let request = try #require(server.requests().first)
        #expect(request.headers["authorization"] == nil && request.headers["x-api-key"] == nil)
        #expect(request.json?["response_format"] == nil)
    }

    @Test func noLabelsMeansNoRequest() throws {
        let server = try LLMTestServer()
        let composer = try Harness.composer(baseURL: server.baseURL("ok"))
        let result = try composer.compose(records: [PerceptionRecord(kind: .sound, label: "doorbell", confidence: 0.9)],
                                          locale: "en", maximumWords: 8, maximumLabels: 5, deadline: Harness.deadline(8))
        #expect(result.isEmpty)
        #expect(server.requests().isEmpty)
    }

    @Test func theKeyNeverReachesTheLog() throws {
        let server = try LLMTestServer()
        // Unchecked Sendable: every touch of `all`, in the sink and in the test, holds `lock`.
        final class Lines: @unchecked Sendable {
            let lock = NSLock()
            var all: [String] = []
        }
        let lines = Lines()
        let log = HostLog(threshold: .debug) { line in lines.lock.lock(); lines.all.append(line); lines.lock.unlock() }
        let host = PluginHost(searchPath: try Harness.host().catalog.searchPath, log: log)
        let consent = try #require(ConsentGate.evaluate(try Harness.consentedSettings(server.baseURL("unauthorized")), environment: [:]).consent)
        let composer = try host.sceneComposer(try host.manifest(id: ReasoningSetup.builtInNetworkComposerID), consent: consent,
                                              config: ["provider": .string("openai-compatible"), "baseURL": .string(server.baseURL("unauthorized")),
                                                       "model": .string("m")],
                                              secrets: ["apiKey": try Secret(checking: "sk-SECRET-4417")])
        var message = ""
        do {
            _ = try composer.compose(records: chairAndTable, locale: "en", maximumWords: 8, maximumLabels: 5, deadline: Harness.deadline(8))
        } catch let error as PluginCallError {
            message = error.message
        }
        #expect(message.contains("(401)"))
        #expect(!message.contains("SECRET"))
        lines.lock.lock()
        let logged = lines.all
        lines.lock.unlock()
        #expect(logged.contains { $0.contains("network-composer.created") && $0.contains("hasKey=yes") })
        #expect(logged.contains { $0.contains("network-composer.exchange") && $0.contains("outcome=http-401") })
        #expect(!logged.contains { $0.contains("SECRET") || $0.contains("chair") })
    }
}
