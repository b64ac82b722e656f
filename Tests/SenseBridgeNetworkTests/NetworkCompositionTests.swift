import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeNetwork
import Testing

/// The per-tick wiring with fake composers: which phrase wins, what the network side is
/// handed, and that a reply the narrator would refuse is treated as a failure.
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

    func subject(network: Fake?) -> NetworkComposition {
        let resolver = NetworkRouter(backend: .cloud("OpenAI"), networkAvailable: network != nil, now: { 0 })
        return NetworkComposition(onDevice: onDevice, network: network, resolver: resolver, clock: { 0 })
    }

    func compose(_ network: Fake?, _ records: [PerceptionRecord]? = nil, locale: SpokenLocale = .en,
                 purpose: CompositionPurpose = .handsFree) throws -> NetworkComposition.Result {
        try subject(network: network).compose(records: records ?? self.records, locale: locale, detail: .standard, purpose: purpose)
    }

    @Test func aGroundedNetworkPhraseReplacesTheSightPhraseOnly() throws {
        let network = Fake { [SubjectPhrase(stream: .sight, text: "a table and a chair", recordIndices: [0, 1])] }
        let result = try compose(network)
        #expect(result.phrases.map(\.phrase?.text) == ["a table and a chair", "a doorbell"])
        #expect(result.source(of: 0) == .network && result.phrases[0].phrase?.recordIndices == [0, 3])
        #expect(result.source(of: 1) == .onDevice)
        #expect(network.received == [[PerceptionRecord(kind: .object, label: "chair", confidence: 1),
                                      PerceptionRecord(kind: .object, label: "table", confidence: 1)]])
    }

    @Test func aReplyThatDropsASentLabelIsAFailureAndTheOnDevicePhraseIsUsed() throws {
        // A small instruct model answered "chair" for chair, door and dog: the door and
        // the dog would never have been said, and the article was lost.
        let network = Fake { [SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0])] }
        let composer = subject(network: network)
        let first = try composer.compose(records: records, locale: .en, detail: .standard, purpose: .handsFree)
        #expect(first.phrases.first?.phrase?.text == "a chair and a table" && first.source(of: 0) == .onDevice)
        // The code is public; the deciding word came from the reply, so it is only in the detail.
        #expect(first.networkFailure == "refused:record-not-named")
        #expect(first.network?.detail == "the reply was refused: record-not-named ('table')")
        let second = try composer.compose(records: records, locale: .en, detail: .standard, purpose: .handsFree)
        #expect(second.announcements == [.networkFailing(.cloud("OpenAI"), .mismatch)])
    }

    @Test("a reply the narrator would refuse is never used", arguments: [
        ("chair and table", SpokenLocale.en, "missing-article ('chair')"),
        ("a chair and a gun", .en, "ungrounded-word ('gun')"),
        ("a chair and a table", .es, "wrong-language"),
        ("una silla y una pistola", .es, "ungrounded-word ('pistola')"),
        ("chairs and a table", .en, "plural-unearned ('chairs')"),
    ])
    func refusedReplies(reply: String, locale: SpokenLocale, reason: String) throws {
        let result = try compose(Fake { [SubjectPhrase(stream: .sight, text: reply, recordIndices: [0])] }, locale: locale)
        #expect(result.source(of: 0) == .onDevice)
        #expect(result.networkFailure == "refused:" + reason.split(separator: " ")[0])
        #expect(result.network?.detail == "the reply was refused: \(reason)")
    }

    @Test func theReviewedNamesGroundSpanishAndVietnameseReplies() throws {
        for (reply, locale) in [("una silla y una mesa", SpokenLocale.es), ("một cái ghế và một cái bàn", .vi)] {
            let result = try compose(Fake { [SubjectPhrase(stream: .sight, text: reply, recordIndices: [0])] }, locale: locale)
            #expect(result.usesNetworkPhrase && result.networkFailure == nil, "\(locale)")
        }
    }

    @Test func theWorstBugSentenceNeverSurvives() throws {
        let network = Fake { [SubjectPhrase(stream: .sight, text: "There is a chair about 2 feet ahead — dangerous.", recordIndices: [0])] }
        let result = try compose(network)
        #expect(!result.phrases.contains { ($0.phrase?.text ?? "").contains("feet") || ($0.phrase?.text ?? "").contains("dangerous") })
        #expect(result.networkFailure?.hasPrefix("refused:") == true, "\(String(describing: result.networkFailure))")
    }

    @Test func aPluginThatReturnsSeveralOrNonSightPhrasesFails() throws {
        let network = Fake { [SubjectPhrase(stream: .text, text: "a chair", recordIndices: [0])] }
        let result = try compose(network)
        #expect(result.source(of: 0) == .onDevice)
        #expect(result.networkFailure == "wrong-phrase-count")
        #expect(result.network?.detail?.contains("exactly one sight phrase") == true)
    }

    @Test func noObjectLabelsMeansNoNetworkCall() throws {
        let network = Fake { [] }
        let onlySound = [PerceptionRecord(kind: .sound, label: "doorbell", confidence: 0.9),
                         PerceptionRecord(kind: .object, label: "cat", confidence: 0.2)]
        let result = try compose(network, onlySound)
        #expect(network.received.isEmpty)
        #expect(result.route == .onDevice)
    }

    /// Each label is sent once and the provider asked for no number, so "a chair" is all
    /// it could say of two chairs, which the grounding rule refuses: the network is not
    /// asked (nothing sent, no budget spent, no failure counted), and the person hears the
    /// label list's count.
    @Test(arguments: [
        (SpokenLocale.en, "It looks like there are two chairs and a table."), (.es, "Parece que hay dos sillas y una mesa."),
        (.vi, "Có vẻ như có hai cái ghế và một cái bàn."),
    ])
    func thingsToCountAreTheLabelListsNotTheNetworks(locale: SpokenLocale, expected: String) throws {
        let scene = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9), PerceptionRecord(kind: .object, label: "table", confidence: 0.88),
                     PerceptionRecord(kind: .object, label: "chair", confidence: 0.85)]
        let reply = [SubjectPhrase(stream: .sight, text: ["en": "a chair and a table", "es": "una silla y una mesa",
                                                          "vi": "một cái ghế và một cái bàn"][locale.rawValue]!, recordIndices: [0])]
        let network = Fake { reply }
        let labelList = Fake { LabelListComposition.compose(records: scene, locale: locale, detail: .standard) }
        let resolver = NetworkRouter(backend: .cloud("OpenAI"), networkAvailable: true, now: { 0 })
        let composer = NetworkComposition(onDevice: labelList, network: network, resolver: resolver, clock: { 0 })
        for _ in 0..<3 {
            let result = try composer.compose(records: scene, locale: locale, detail: .standard, purpose: .handsFree)
            #expect(result.route == .onDevice && !result.usesNetworkPhrase && result.network == nil)
            #expect(result.announcements.isEmpty, "no failure is counted against the provider")
            let narration = SceneNarrator.narrate(records: scene, proposed: result.phrases, locale: locale, detail: .standard)
            #expect(narration.sentences.map(\.text) == [expected])
        }
        #expect(network.received.isEmpty)
        // Asked anyway, its singular would be refused: the reason the network is not asked.
        let covering = SubjectPhrase(stream: .sight, text: reply[0].text, recordIndices: [0, 1, 2])
        #expect(ReplyJudgement.refusal(of: covering, records: scene, locale: locale, detail: .standard)?.code == "count-unearned")
    }

    @Test func withoutANetworkComposerNothingIsAsked() throws {
        let result = try compose(nil, purpose: .describe)
        #expect(result.route == .onDevice && !result.usesNetworkPhrase)
        #expect(onDevice.received.count == 1)
    }
}

