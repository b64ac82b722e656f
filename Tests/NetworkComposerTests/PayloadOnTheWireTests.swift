import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork
import Testing

/// The wire contract, asserted on the bytes a real server received: detected-object
/// labels only, each once; never text, sounds, depth, confidences, boxes or images; and
/// nothing at all in a moment holding two things of one kind, which only the on-device
/// label list can count.
@Suite struct PayloadOnTheWireTests {
    @Test func onlyLabelsLeave() throws {
        let server = try LLMTestServer()
        let records: [PerceptionRecord] = [
            PerceptionRecord(kind: .object, label: "chair", confidence: 0.8731, box: NormalizedBox(x: 0.125, y: 0.25, width: 0.375, height: 0.5), distanceMetres: 1.75),
            PerceptionRecord(kind: .text, label: "Account 4417 2291 Jane Doe overdraft", confidence: 0.99),
            PerceptionRecord(kind: .sound, label: "smoke_alarm", confidence: 0.97),
            PerceptionRecord(kind: .depth, label: "floor", confidence: 1, distanceMetres: 0.625),
            PerceptionRecord(kind: .object, label: "chair", confidence: 0.31),
            PerceptionRecord(kind: .object, label: "doorway", confidence: 0.4321),
            PerceptionRecord(kind: .object, label: "lamp", confidence: 0.3),
            PerceptionRecord(kind: .object, label: "Jane Doe 4417", confidence: 0.9),
        ]
        let resolver = NetworkRouter(backend: .localEndpoint(host: "127.0.0.1", unencrypted: true), networkAvailable: true, now: { 0 })
        let composer = NetworkComposition(onDevice: FakeOnDeviceComposer(), network: try Harness.composer(baseURL: server.baseURL("ok")),
                                         resolver: resolver)
        let result = try composer.compose(records: records, locale: .en, detail: .standard, purpose: .handsFree)
        #expect(result.phrases.first?.phrase?.text == "a chair and a doorway" && result.source(of: 0) == .network)
        #expect(result.phrases.first?.phrase?.recordIndices == [0, 5])

        let requests = server.requests()
        try #require(requests.count == 1)
        let raw = requests[0].body
        let body = try #require(requests[0].json)
        let messages = try #require(body["messages"] as? [[String: String]])
        let user = try #require(messages.last?["content"])
        #expect(try JSONSerialization.jsonObject(with: Data(user.utf8)) as? [String] == ["chair", "doorway"])
        #expect(Set(body.keys) == ["model", "messages", "max_tokens", "temperature", "stream", "response_format"])
        // The only other text is the fixed instruction, which holds nothing perceived.
        // The word ceiling is the narrator's for the labels sent (two, at standard detail).
        #expect(messages.first?["content"] == composerInstructions(words: SpokenDetail.standard.maximumPhraseWords(labelCount: 2)))
        for leaked in ["Account", "4417", "Jane", "overdraft", "smoke", "alarm", "floor", "lamp", "0.87", "0.8731", "0.31",
                       "0.4321", "0.125", "0.375", "1.75", "0.625"] {
            #expect(!raw.contains(leaked), "'\(leaked)' reached the server")
        }
    }

    @Test func twoThingsOfOneKindSendNothing() throws {
        let server = try LLMTestServer()
        let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.87), PerceptionRecord(kind: .object, label: "doorway", confidence: 0.6),
                       PerceptionRecord(kind: .object, label: "Chair", confidence: 0.61)]
        let resolver = NetworkRouter(backend: .localEndpoint(host: "127.0.0.1", unencrypted: true), networkAvailable: true, now: { 0 })
        let composer = NetworkComposition(onDevice: FakeOnDeviceComposer(), network: try Harness.composer(baseURL: server.baseURL("ok")),
                                         resolver: resolver)
        let result = try composer.compose(records: records, locale: .en, detail: .standard, purpose: .handsFree)
        #expect(result.route == .onDevice && !result.usesNetworkPhrase)
        #expect(server.requests().isEmpty)
    }

    /// The instruction text, rebuilt from what the server saw for a request with no
    /// labels in it, so the assertion does not hard-code the prompt.
    func composerInstructions(words: Int) -> String? {
        guard let server = try? LLMTestServer(), let composer = try? Harness.composer(baseURL: server.baseURL("ok")) else { return nil }
        _ = try? composer.compose(records: NetworkPayload.records(for: ["x"]), locale: "en", maximumWords: words, maximumLabels: 1,
                                  deadline: Harness.deadline(8))
        let messages = server.requests().first?.json?["messages"] as? [[String: String]]
        guard let text = messages?.first?["content"], messages?.last?["content"] == #"["x"]"# else { return nil }
        return text
    }
}
