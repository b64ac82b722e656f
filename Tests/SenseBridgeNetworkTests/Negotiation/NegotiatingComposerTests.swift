import Foundation
import SenseBridgeCore
@testable import SenseBridgeHost
import SenseBridgeNetwork
import SenseBridgeRepositoryTesting
import Testing

/// The negotiation against fake composers, one per mode: which instance is asked, when
/// another mode is asked, and what is remembered. The built plugin against servers with
/// real shapes is in NetworkComposerTests.
@Suite struct NegotiatingComposerTests {
    /// What was asked, in order. Unchecked Sendable: every access holds `lock`.
    final class Record<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
    }

    /// A composer created for one mode that fails with `failures[mode]` or answers.
    final class ModeComposer: PhraseComposing {
        let mode: StructuredOutputMode?
        let failure: String?
        let asked: Record<[StructuredOutputMode?]>

        init(mode: StructuredOutputMode?, failure: String?, asked: Record<[StructuredOutputMode?]>) {
            self.mode = mode
            self.failure = failure
            self.asked = asked
        }

        func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                            deadline: UInt64) throws -> [SubjectPhrase] {
            asked.withLock { $0.append(mode) }
            if let failure { throw PluginCallError(pluginID: "org.test.net", status: 8, message: "[\(failure)] failed") }
            return [SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0])]
        }

        func cancel() {}
    }

    let directory: TemporaryDirectory
    let memory: FormatMemory
    let endpoint = FormatMemory.Endpoint(baseURL: "http://127.0.0.1:1/v1", model: "m")

    init() throws {
        directory = try TemporaryDirectory()
        memory = FormatMemory(url: directory.file("endpoint-formats.json"))
    }

    func negotiating(_ failures: [StructuredOutputMode: String], asked: Record<[StructuredOutputMode?]>, created: Record<Int>? = nil,
                     reprobes: Bool = false) -> NegotiatingComposer {
        NegotiatingComposer(factory: { mode in
            created?.withLock { $0 += 1 }
            return ModeComposer(mode: mode, failure: mode.flatMap { failures[$0] }, asked: asked)
        }, memory: memory, endpoint: endpoint, reprobes: reprobes)
    }

    func ask(_ composer: NegotiatingComposer, seconds: Double = 5) throws(NegotiatingComposer.Failure) -> NegotiatingComposer.Reply {
        try composer.request(records: [PerceptionRecord(kind: .object, label: "chair", confidence: 1)], locale: "en",
                             maximumWords: 8, maximumLabels: 4, deadline: MonotonicClock.nanoseconds() + UInt64(seconds * 1e9))
    }

    @Test func aServerThatRefusesJSONSchemaIsAskedInJSONObjectInTheSameMomentAndThatIsRemembered() throws {
        let asked = Record<[StructuredOutputMode?]>([])
        let created = Record(0)
        let composer = negotiating([.jsonSchema: "schema-unsupported"], asked: asked, created: created)
        let reply = try ask(composer)
        #expect(reply.mode == .jsonObject && reply.refused.map(\.code) == ["schema-unsupported"])
        #expect(asked.withLock { $0 } == [.jsonSchema, .jsonObject])
        #expect(memory.mode(for: endpoint) == .jsonObject)
        // The next moment asks the remembered mode only, on the instance already made.
        _ = try ask(composer)
        #expect(asked.withLock { $0 } == [.jsonSchema, .jsonObject, .jsonObject])
        #expect(created.withLock { $0 } == 2)
        // A new session reads the memory: one request, in json_object.
        let nextSession = Record<[StructuredOutputMode?]>([])
        _ = try ask(negotiating([.jsonSchema: "schema-unsupported"], asked: nextSession))
        #expect(nextSession.withLock { $0 } == [.jsonObject])
    }

    @Test func aRememberedModeThatStopsWorkingIsForgottenAndTheOthersReprobed() throws {
        try memory.remember(.jsonObject, for: endpoint, refused: [])
        let asked = Record<[StructuredOutputMode?]>([])
        let reply = try ask(negotiating([.jsonObject: "format-ignored"], asked: asked))
        #expect(asked.withLock { $0 } == [.jsonObject, .jsonSchema])
        #expect(reply.mode == .jsonSchema && memory.mode(for: endpoint) == .jsonSchema)
    }

    @Test func aFailureNotAboutTheFormatIsNotAskedAgainAndNothingIsRemembered() {
        let asked = Record<[StructuredOutputMode?]>([])
        #expect(throws: NegotiatingComposer.Failure.self) { try ask(negotiating([.jsonSchema: "http-500"], asked: asked)) }
        #expect(asked.withLock { $0 } == [.jsonSchema])
        #expect(memory.entries.isEmpty)
    }

    @Test func whenEveryModeIsRefusedTheLastReasonIsReported() {
        let asked = Record<[StructuredOutputMode?]>([])
        let composer = negotiating([.jsonSchema: "schema-unsupported", .jsonObject: "schema-unsupported", .text: "malformed-reply"], asked: asked)
        do {
            _ = try ask(composer)
            Issue.record("expected a failure")
        } catch {
            #expect(error.reason.code == "malformed-reply" && error.mode == .text)
            #expect(error.refused.map(\.mode) == [.jsonSchema, .jsonObject])
        }
        #expect(asked.withLock { $0 } == [.jsonSchema, .jsonObject, .text])
    }

    @Test func noOtherModeIsAskedWhenTheDeadlineHasNoRoomForIt() {
        let asked = Record<[StructuredOutputMode?]>([])
        #expect(throws: NegotiatingComposer.Failure.self) {
            try ask(negotiating([.jsonSchema: "schema-unsupported"], asked: asked), seconds: 0.1)
        }
        #expect(asked.withLock { $0 } == [.jsonSchema])
    }

    @Test func theNextMomentGoesOnFromTheModeThisOneEndedOn() {
        let asked = Record<[StructuredOutputMode?]>([])
        let composer = negotiating([.jsonSchema: "format-ignored", .jsonObject: "http-429"], asked: asked)
        #expect(throws: NegotiatingComposer.Failure.self) { try ask(composer) }
        #expect(throws: NegotiatingComposer.Failure.self) { try ask(composer) }
        // json_schema was refused this session: not asked again; json_object is.
        #expect(asked.withLock { $0 } == [.jsonSchema, .jsonObject, .jsonObject])
        #expect(memory.entries.isEmpty, "nothing worked yet")
    }

    @Test func whenEveryModeWasRefusedTheNextMomentStartsOver() {
        let asked = Record<[StructuredOutputMode?]>([])
        let composer = negotiating([.jsonSchema: "format-ignored", .jsonObject: "format-ignored", .text: "format-ignored"], asked: asked)
        #expect(throws: NegotiatingComposer.Failure.self) { try ask(composer) }
        #expect(throws: NegotiatingComposer.Failure.self) { try ask(composer) }
        #expect(asked.withLock { $0 } == [.jsonSchema, .jsonObject, .text, .jsonSchema, .jsonObject, .text])
    }

    @Test func noOtherModeIsAskedWhenTheBudgetSaysNo() throws {
        let asked = Record<[StructuredOutputMode?]>([])
        let composer = negotiating([.jsonSchema: "schema-unsupported"], asked: asked)
        #expect(throws: NegotiatingComposer.Failure.self) {
            try composer.request(records: [PerceptionRecord(kind: .object, label: "chair", confidence: 1)], locale: "en",
                                 maximumWords: 8, maximumLabels: 4, deadline: MonotonicClock.nanoseconds() + 5_000_000_000,
                                 mayAskAgain: { false })
        }
        #expect(asked.withLock { $0 } == [.jsonSchema])
    }

    @Test func aReprobeIgnoresTheMemoryAndRecordsWhatItFinds() throws {
        try memory.remember(.text, for: endpoint, refused: [])
        let asked = Record<[StructuredOutputMode?]>([])
        let reply = try ask(negotiating([:], asked: asked, reprobes: true))
        #expect(asked.withLock { $0 } == [.jsonSchema] && reply.mode == .jsonSchema)
        #expect(memory.mode(for: endpoint) == .jsonSchema)
    }

    @Test func aComposerThatDoesNotNegotiateIsAskedAsItIs() throws {
        let asked = Record<[StructuredOutputMode?]>([])
        let composer = NegotiatingComposer(single: ModeComposer(mode: nil, failure: nil, asked: asked))
        let reply = try ask(composer)
        #expect(reply.mode == nil && asked.withLock { $0 } == [nil])
        #expect(!composer.negotiates)
    }
}
