import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork
import SenseBridgeRepositoryTesting
import Testing

/// The built plugin, behind the host's negotiation and the breaker, against llmock's
/// scripted faults on both wire formats: per tick, what the person hears (the
/// announcements), the reason code, whose phrase is spoken, and how many requests llmock
/// received; then llmock's own verdict on how the client coped (`llmock report`, which
/// must pass without --strict: our composer never retries, so every fault it gives up on
/// is only a `gave_up` warning).
///
/// One peer per test, so each verdict judges one session. Serialized: every test starts a
/// Python server and ends with a Python report, and the timing assertions (a 4 s deadline,
/// a Retry-After) should not compete for two cores with ten of them.
///
/// Disabled, not passed, when llmock is missing: `python3 -m pip install llmock==0.2.2`
/// (scripts/deps.sh installs it, so CI runs these).
@Suite(.serialized, .enabled(if: LLMockPeer.isInstalled, "llmock 0.2.2 is not installed for python3; scripts/deps.sh installs it"))
struct LLMockChaosTests {
    static let backend = BackendDescription.localEndpoint(host: "127.0.0.1", unencrypted: true)

    enum Wire: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case openAI = "openai-compatible"
        case anthropic
        var testDescription: String { rawValue }
    }

    /// What one tick gave the person, and what llmock had received by its end.
    struct Tick {
        var said: [ReasoningAnnouncement]
        var reason: String?
        var source: NetworkComposition.Source
        var spoken: [String]
        var route: NetworkRouter.Route
        var network: NetworkUse?
        var requests: Int
        var seconds: Double
    }

    /// A session's composition over the peer: the fake on-device composer, the real
    /// resolver, the built plugin behind negotiation with a format memory of its own.
    struct Session {
        let peer: LLMockPeer
        let composition: NetworkComposition
        let labels: [String]

        init(_ wire: Wire, labels: [String]) throws {
            peer = try LLMockPeer()
            self.labels = labels
            let resolver = NetworkRouter(backend: .localEndpoint(host: "127.0.0.1", unencrypted: true), networkAvailable: true, now: { 0 })
            composition = NetworkComposition(onDevice: FakeOnDeviceComposer(),
                                             negotiating: try Harness.negotiating(baseURL: peer.baseURL(anthropic: wire == .anthropic),
                                                                                  wireFormat: wire.rawValue),
                                             resolver: resolver)
        }

        func tick(purpose: CompositionPurpose = .handsFree) throws -> Tick {
            let records = labels.map { PerceptionRecord(kind: .object, label: $0, confidence: 0.8) }
            var result: NetworkComposition.Result?
            let seconds = try Harness.seconds {
                result = try composition.compose(records: records, locale: .en, detail: .standard, purpose: purpose)
            }
            let tick = result!
            return Tick(said: tick.announcements, reason: tick.network?.reason, source: tick.source(of: 0),
                        spoken: tick.phrases.compactMap(\.phrase?.text), route: tick.route, network: tick.network,
                        requests: peer.requests().count, seconds: seconds)
        }

        func ticks(_ count: Int) throws -> [Tick] {
            try (0..<count).map { _ in try tick() }
        }

        /// `llmock report` must pass (exit 0, not strict); its findings are returned for the
        /// test to pin, and the report goes to the test log.
        func report(_ name: String) throws -> [String] {
            let report = try peer.report()
            print("llmock report, \(name):\n\(report.output)")
            #expect(report.status == 0, "llmock report failed:\n\(report.output)")
            return try peer.findings()
        }

        /// The on-device phrase for these labels, as `FakeOnDeviceComposer` words it.
        var onDevicePhrase: String { "on-device: " + labels.joined(separator: ", ") }
    }

    /// A good reply as each wire carries it: JSON content for OpenAI; for Anthropic the
    /// forced tool's call (a scripted text block would be read too, but a tool call is what
    /// Anthropic sends when `tool_choice` forces one).
    static func goodReply(_ phrase: String, _ wire: Wire, times: Int) -> [String: Any] {
        switch wire {
        case .openAI:
            return ["type": "reply", "text": #"{"phrase": "\#(phrase)"}"#, "times": times]
        case .anthropic:
            return ["type": "reply", "tool_calls": [["name": "subject_phrase", "arguments": ["phrase": phrase]]], "times": times]
        }
    }

    @Test(arguments: Wire.allCases)
    func aScriptedGoodReplyIsSpokenAndTheServerNamedOnce(wire: Wire) throws {
        let session = try Session(wire, labels: ["chair", "table"])
        try session.peer.queue([Self.goodReply("a chair and a table", wire, times: 2)])
        let ticks = try session.ticks(2)
        #expect(ticks.map(\.said) == [[.activeBackend(Self.backend)], []])
        #expect(ticks.map(\.reason) == [nil, nil])
        #expect(ticks.map(\.source) == [.network, .network])
        #expect(ticks.map(\.spoken) == [["a chair and a table"], ["a chair and a table"]])
        #expect(ticks.map(\.requests) == [1, 2])
        #expect(ticks[0].network?.format == "json_schema")
        #expect(ticks[0].said.first?.text(.en) == "Descriptions are composed by your server at 127.0.0.1. Only object names are sent, and they travel unencrypted.")
        #expect(try session.report("good reply, \(wire.rawValue)") == [])
    }

    /// 500, then 503 (llmock adds Retry-After: 1): the breaker trips on the second and says
    /// so once; ticks 3 to 6 send nothing; the probe on tick 7, once the Retry-After is
    /// over, gets a good reply, and since nothing of the server's was used before, the
    /// person hears it named as the backend, not "back".
    @Test(arguments: Wire.allCases)
    func serverErrorsTripTheBreakerAndAGoodProbeRestoresIt(wire: Wire) throws {
        let session = try Session(wire, labels: ["door", "bench"])
        try session.peer.queue([["type": "fail", "status": 500], ["type": "fail", "status": 503]])
        var ticks = try session.ticks(6)
        // The plugin would refuse to send before the 503's Retry-After (and llmock would
        // call that a retry that ignored it): wait it out, as ticks a second apart would.
        let retryAfter = try session.peer.journal().last?["retry_after"] as? Double
        #expect(retryAfter == 1)
        Thread.sleep(forTimeInterval: (retryAfter ?? 1) + 0.1)
        try session.peer.queue([Self.goodReply("a door and a bench", wire, times: 2)])
        ticks += try session.ticks(2)

        #expect(ticks.map(\.reason) == ["http-500", "http-503", nil, nil, nil, nil, nil, nil])
        #expect(ticks.map(\.requests) == [1, 2, 2, 2, 2, 2, 3, 4])
        #expect(ticks.map(\.said) == [[], [.networkFailing(Self.backend, .serverError(status: 503))], [], [], [], [],
                                      [.activeBackend(Self.backend)], []])
        #expect(ticks.map(\.source) == [.onDevice, .onDevice, .onDevice, .onDevice, .onDevice, .onDevice, .network, .network])
        #expect(ticks[2...5].allSatisfy { $0.route == .onDevice && $0.network == nil })
        #expect(ticks[6].route == .network(isProbe: true))
        #expect(ticks[1].spoken == [session.onDevicePhrase])
        #expect(ticks[6].spoken == ["a door and a bench"])
        let trip = try #require(ticks[1].said.first)
        #expect(trip.isUrgent)
        #expect(trip.text(.en) == "Your server's replies could not be used (it answered with error 503), so SenseBridge is continuing with on-device descriptions.")
        #expect(try session.report("500 then 503, probe, \(wire.rawValue)") == [])
    }

    /// A 429 asking for 3 s: the next tick, at once, sends nothing and fails with the status
    /// that asked (the plugin honours Retry-After); that is the second failure, so the
    /// breaker trips and says so once. The probe on tick 7, still inside the wait, sends
    /// nothing either and is silent.
    @Test(arguments: Wire.allCases)
    func aRetryAfterIsHonouredAndNothingIsSentBeforeIt(wire: Wire) throws {
        let session = try Session(wire, labels: ["cup", "plate"])
        try session.peer.queue([["type": "fail", "status": 429, "retry_after": 3]])
        var ticks: [Tick] = []
        let seconds = try Harness.seconds { ticks = try session.ticks(7) }
        #expect(seconds < 3, "the seven ticks must end inside the Retry-After; they took \(seconds) s")
        #expect(ticks.map(\.reason) == ["http-429", "http-429", nil, nil, nil, nil, "http-429"])
        #expect(ticks.map(\.requests) == [1, 1, 1, 1, 1, 1, 1])
        #expect(ticks.map(\.said) == [[], [.networkFailing(Self.backend, .serverError(status: 429))], [], [], [], [], []])
        #expect(ticks.allSatisfy { $0.source == .onDevice && $0.spoken == [session.onDevicePhrase] })
        #expect(ticks[6].route == .network(isProbe: true))
        #expect(ticks[1].network?.detail?.contains("nothing was sent") == true, "\(String(describing: ticks[1].network?.detail))")
        #expect(ticks[1].said.first?.text(.en) == "Your server's replies could not be used (it answered with error 429), so SenseBridge is continuing with on-device descriptions.")
        // The one 429 it did get, it gave up on: a warning, never a retry llmock could fault.
        #expect(try session.report("429 with Retry-After, \(wire.rawValue)") == ["gave_up"])
    }

    /// Replies held 5 s, past the 4 s hands-free deadline: each tick gives up at the
    /// deadline with `timeout`, and the second trips the breaker as a server not answering.
    /// One wire only: each stall costs four seconds, and the deadline is the plugin's, not
    /// the wire's. llmock cannot see a client timeout: its journal records two slow 200s.
    @Test func twoStallsPastTheHandsFreeDeadlineSayTheServerIsNotAnswering() throws {
        let session = try Session(.openAI, labels: ["lamp", "sofa"])
        try session.peer.queue([["type": "delay", "seconds": 5, "times": 2]])
        let ticks = try session.ticks(3)
        #expect(ticks.map(\.reason) == ["timeout", "timeout", nil])
        #expect(ticks.map(\.requests) == [1, 2, 2])
        #expect(ticks.map(\.said) == [[], [.networkFailing(Self.backend, .notAnswering)], []])
        #expect(ticks.allSatisfy { $0.source == .onDevice && $0.spoken == [session.onDevicePhrase] })
        for tick in ticks[..<2] {
            #expect(tick.seconds >= 3.9 && tick.seconds < 5, "hands-free deadline 4 s, the tick took \(tick.seconds) s")
        }
        #expect(ticks[1].said.first?.text(.en) == "Your server is not answering, so SenseBridge is continuing with on-device descriptions.")
        #expect(try session.report("two stalls, openai-compatible") == [])
    }

    /// A reply that is neither JSON nor a phrase, whatever was asked: negotiation asks
    /// json_schema, json_object, then text in the same tick (three requests), the text-mode
    /// candidate is refused by the narrator, and none of it is spoken. Text mode did give a
    /// candidate, so it is the mode remembered: the next tick asks in text alone (one
    /// request), is refused again, and the breaker trips as replies that did not match
    /// what was detected.
    @Test(arguments: Wire.allCases)
    func aReplyThatIsNeitherJSONNorAPhraseIsAskedInEveryModeAndNeverSpoken(wire: Wire) throws {
        let session = try Session(wire, labels: ["cat", "rug"])
        try session.peer.queue([["type": "reply", "text": "Sure! Here you go.", "times": 4]])
        let ticks = try session.ticks(2)
        #expect(ticks.map(\.requests) == [3, 4])
        #expect(ticks.map(\.reason) == ["refused:sentence", "refused:sentence"])
        #expect(ticks.map { $0.network?.refusedFormats } == [["json_schema:format-ignored", "json_object:format-ignored"], []])
        #expect(ticks.allSatisfy { $0.network?.format == "text" })
        #expect(ticks.allSatisfy { $0.source == .onDevice && $0.spoken == [session.onDevicePhrase] })
        #expect(!ticks.flatMap(\.spoken).contains { $0.contains("Sure") || $0.contains("Here you go") })
        #expect(ticks.map(\.said) == [[], [.networkFailing(Self.backend, .mismatch)]])
        // The modes as they went out: strictest first, then the remembered one.
        let asked = session.peer.requests().map { request -> String in
            let body = request.json ?? [:]
            switch wire {
            case .openAI: return ((body["response_format"] as? [String: Any])?["type"] as? String) ?? "none"
            // The Messages API has no response_format: a forced tool, else the prompt asks.
            case .anthropic:
                if body["tool_choice"] != nil { return "forced tool" }
                return (body["system"] as? String)?.contains("Reply only with JSON") == true ? "JSON asked" : "phrase asked"
            }
        }
        #expect(asked == (wire == .openAI ? ["json_schema", "json_object", "none", "none"]
                                          : ["forced tool", "JSON asked", "phrase asked", "phrase asked"]))
        #expect(try session.report("neither JSON nor a phrase, \(wire.rawValue)") == [])
    }

    /// A broken non-streaming body. llmock's stream faults act on SSE only, but on
    /// Anthropic its `malformed_arguments` tool fault cuts the forced tool call's JSON, so
    /// the `tool_use` input arrives empty; on OpenAI the nearest is a reply cut at
    /// max_tokens (`finish_reason: length`, content a JSON object cut in half). Either is
    /// `malformed-reply`, not about the format (no other mode is asked), never spoken; two
    /// trip the breaker as replies SenseBridge cannot read.
    @Test(arguments: Wire.allCases)
    func aCutReplyIsMalformedAndNeverSpoken(wire: Wire) throws {
        let session = try Session(wire, labels: ["bottle", "bag"])
        switch wire {
        case .openAI:
            try session.peer.queue([["type": "reply", "text": #"{"phrase": "a bottle and"#, "finish_reason": "length", "times": 2]])
        case .anthropic:
            try session.peer.queue([Self.goodReply("a bottle and a bag", wire, times: 2),
                                    ["type": "tool_fault", "kind": "malformed_arguments", "times": 2]])
        }
        let ticks = try session.ticks(2)
        #expect(ticks.map(\.reason) == ["malformed-reply", "malformed-reply"])
        #expect(ticks.map(\.requests) == [1, 2])
        #expect(ticks.allSatisfy { $0.network?.format == "json_schema" && $0.network?.refusedFormats == [] })
        #expect(ticks.allSatisfy { $0.source == .onDevice && $0.spoken == [session.onDevicePhrase] })
        #expect(ticks.map(\.said) == [[], [.networkFailing(Self.backend, .unreadable)]])
        #expect(ticks[1].said.first?.text(.en) == "Your server's replies could not be used (they were not in a form SenseBridge can read), so SenseBridge is continuing with on-device descriptions.")
        #expect(try session.report("cut reply, \(wire.rawValue)") == [])
    }
}
