import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork
import Testing

/// The per-tick wiring with fake composers: which phrase wins, what the network side is
/// handed, and that a rejected reply is treated as a failure.
@Suite struct NetworkCompositionTests {
    // Unchecked Sendable: NetworkComposition calls it synchronously on the test's thread, the only one touching `reply` and `received`.
    final class Fake: PhraseComposing, @unchecked Sendable {
        var reply: () throws -> [SubjectPhrase]
        private(set) var received: [[PerceptionRecord]] = []
        init(_ reply: @escaping () throws -> [SubjectPhrase]) { self.reply = reply }
        func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                            deadline: UInt64) throws -> [SubjectPhrase] {
            received.append(records)
            return try reply()
        }
        func cancel() {}
    }

    let records: [PerceptionRecord] = [
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.8, box: NormalizedBox(x: 0, y: 0, width: 1, height: 1)),
        PerceptionRecord(kind: .sound, label: "doorbell", confidence: 0.9),
        PerceptionRecord(kind: .text, label: "Dear Ms. Doe, your balance", confidence: 0.9),
        PerceptionRecord(kind: .object, label: "table", confidence: 0.5, distanceMetres: 2),
    ]

    let onDevice = Fake {
        [SubjectPhrase(stream: .sight, text: "a chair and a table", recordIndices: [0, 3]),
         SubjectPhrase(stream: .sound, text: "a doorbell", recordIndices: [1])]
    }

    func subject(network: Fake?, validator: @escaping ReplyTextCheck = { _, _, _ in nil }) -> NetworkComposition {
        let resolver = NetworkRouter(backend: .cloud("OpenAI"), networkAvailable: network != nil, now: { 0 })
        return NetworkComposition(onDevice: onDevice, network: network, resolver: resolver, validator: validator, clock: { 0 })
    }

    @Test func aGroundedNetworkPhraseReplacesTheSightPhraseOnly() throws {
        let network = Fake { [SubjectPhrase(stream: .sight, text: "a table and a chair", recordIndices: [0, 1])] }
        let result = try subject(network: network).compose(records: records, locale: .en, maximumWords: 8, maximumLabels: 5, purpose: .handsFree)
        #expect(result.phrases.map(\.text) == ["a table and a chair", "a doorbell"])
        #expect(result.source(of: 0) == .network && result.phrases[0].recordIndices == [0, 3])
        #expect(result.source(of: 1) == .onDevice)
        #expect(network.received == [[PerceptionRecord(kind: .object, label: "chair", confidence: 1),
                                      PerceptionRecord(kind: .object, label: "table", confidence: 1)]])
    }

    @Test func aValidatorRejectionIsAFailureAndTheOnDevicePhraseIsUsed() throws {
        let network = Fake { [SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0])] }
        let composer = subject(network: network, validator: { _, _, _ in "too certain" })
        let first = try composer.compose(records: records, locale: .en, maximumWords: 8, maximumLabels: 5, purpose: .handsFree)
        #expect(first.phrases.first?.text == "a chair and a table" && first.source(of: 0) == .onDevice)
        #expect(first.networkFailure?.contains("too certain") == true)
        let second = try composer.compose(records: records, locale: .en, maximumWords: 8, maximumLabels: 5, purpose: .handsFree)
        #expect(second.announcements == [.networkFailing(.cloud("OpenAI"))])
    }

    @Test func theWorstBugSentenceNeverSurvivesEvenAPermissiveValidator() throws {
        let network = Fake { [SubjectPhrase(stream: .sight, text: "There is a chair about 2 feet ahead — dangerous.", recordIndices: [0])] }
        let result = try subject(network: network).compose(records: records, locale: .en, maximumWords: 20, maximumLabels: 5, purpose: .handsFree)
        #expect(!result.phrases.contains { $0.text.contains("feet") || $0.text.contains("dangerous") })
        #expect(result.networkFailure?.contains("'there'") == true)
    }

    @Test func aPluginThatReturnsSeveralOrNonSightPhrasesFails() throws {
        let network = Fake { [SubjectPhrase(stream: .text, text: "a chair", recordIndices: [0])] }
        let result = try subject(network: network).compose(records: records, locale: .en, maximumWords: 8, maximumLabels: 5, purpose: .handsFree)
        #expect(result.source(of: 0) == .onDevice)
        #expect(result.networkFailure?.contains("exactly one sight phrase") == true)
    }

    @Test func noObjectLabelsMeansNoNetworkCall() throws {
        let network = Fake { [] }
        let onlySound = [PerceptionRecord(kind: .sound, label: "doorbell", confidence: 0.9),
                         PerceptionRecord(kind: .object, label: "cat", confidence: 0.2)]
        let result = try subject(network: network).compose(records: onlySound, locale: .en, maximumWords: 8, maximumLabels: 5, purpose: .handsFree)
        #expect(network.received.isEmpty)
        #expect(result.route == .onDevice)
    }

    @Test func withoutANetworkComposerNothingIsAsked() throws {
        let result = try subject(network: nil).compose(records: records, locale: .en, maximumWords: 8, maximumLabels: 5, purpose: .describe)
        #expect(result.route == .onDevice && !result.usesNetworkPhrase)
        #expect(onDevice.received.count == 1)
    }
}
