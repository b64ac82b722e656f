import Foundation
import SenseBridgeCore
import SenseBridgeHost
import Testing

/// At the detailed level the pipeline asks the composer about each part of the view on
/// its own (left, ahead, right, then the rest), and a composer that fails on one part
/// costs that part its words, never the others' positions.
struct DescriptionPipelinePositionTests {
    /// Records what it was asked and answers with the label list, or fails when told.
    /// Unchecked Sendable: the pipeline calls it on the test's thread only, one call at a time.
    final class Asked: PhraseComposing, @unchecked Sendable {
        var asked: [[String]] = []
        let failing: (Int) -> Bool
        init(failing: @escaping (Int) -> Bool = { _ in false }) { self.failing = failing }
        struct Broken: Error {}
        func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                            deadline: UInt64) throws -> [SubjectPhrase] {
            asked.append(records.map(\.label))
            if failing(asked.count - 1) { throw Broken() }
            return LabelListComposition.compose(records: records, locale: SpokenLocale(rawValue: locale)!, maximumLabels: maximumLabels,
                                                maximumWords: maximumWords)
        }
        func cancel() {}
    }

    static func object(_ label: String, _ confidence: Double, _ x: Double?) -> PerceptionRecord {
        PerceptionRecord(kind: .object, label: label, confidence: confidence,
                         box: x.map { NormalizedBox(x: $0, y: 0.3, width: 0.2, height: 0.4) })
    }

    let records = [object("bench", 0.9, 0.75), object("table", 0.85, nil), object("chair", 0.9, 0.05),
                   PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.9), object("dog", 0.7, 0.4),
                   PerceptionRecord(kind: .depth, label: "", confidence: 1, distanceMetres: 2.4)]

    func pipeline(_ composer: PhraseComposing, detail: SpokenDetail, locale: SpokenLocale = .en) -> DescriptionPipeline {
        DescriptionPipeline(composer: composer, fallback: nil, locale: locale, detail: detail,
                            log: HostLog(threshold: .debug, sink: { _ in }))
    }

    @Test func theComposerIsAskedAboutEachPartOfTheViewOnItsOwn() {
        let composer = Asked()
        let outcome = pipeline(composer, detail: .detailed).describe(records)
        #expect(composer.asked == [["chair"], ["dog"], ["bench"], ["table", "dog_barking", ""]])
        #expect(outcome.sentences == ["On the left, it looks like there's a chair.", "Ahead, it may be a dog.",
                                      "On the right, it looks like there's a bench.", "It looks like there's a table.",
                                      "It sounds like a dog barking.", "The nearest thing measured is about 2 metres away."])
        #expect(outcome.narration.sentences.map(\.recordIndices) == [[2], [4], [0], [1], [3]])
        #expect(outcome.narration.report.acceptedComposerPhrases == 5)
        #expect(outcome.composerFailure == nil)
    }

    @Test(arguments: [SpokenDetail.brief, .standard])
    func belowDetailedTheComposerIsAskedOnceAboutEverything(detail: SpokenDetail) {
        let composer = Asked()
        let outcome = pipeline(composer, detail: detail).describe(records)
        #expect(composer.asked == [records.map(\.label)])
        #expect(outcome.narration.sentences.allSatisfy { $0.position == nil })
    }

    /// The composer fails on the part ahead only: the label list names the dog there,
    /// still ahead; the failure is the outcome's, and the other parts are the composer's.
    @Test func aComposerFailingOnOnePartCostsThatPartOnly() {
        let composer = Asked(failing: { $0 == 1 })
        let outcome = pipeline(composer, detail: .detailed, locale: .es).describe(records)
        #expect(outcome.composerFailure?.reason == "failed")
        #expect(Array(outcome.sentences.prefix(3)) == ["A la izquierda, parece que hay una silla.", "Delante, puede que haya un perro.",
                                                       "A la derecha, parece que hay un banco."])
        #expect(outcome.narration.sentences.map(\.source) == [.composer, .fallback, .composer, .composer, .composer])
    }
    /// Answers with the label list's phrases for every record it is sent, and counts requests.
    final class Network: NetworkComposing {
        var requests: [[String]] = []
        func sessionStart(locale: SpokenLocale) -> [StatusAnnouncement] { [] }
        func propose(_ request: CompositionRequest) throws -> NetworkProposal {
            requests.append(request.records.map(\.label))
            let phrases = LabelListComposition.compose(records: request.records, locale: request.locale, detail: request.detail)
            return NetworkProposal(phrases: phrases.map(ProposedPhrase.phrase), announcements: [],
                                   network: NetworkUse(used: true, reason: nil, format: "json_schema"))
        }
        func cancel() {}
    }

    /// One request a moment, as at every level: a request per part would tell a server
    /// which things are together and, by their order, where. Its phrases are shared out
    /// among the parts, and one over things in two places is said by the label list.
    @Test func theNetworkIsAskedOnceAndItsPhrasesSharedOutAmongTheParts() {
        let network = Network()
        let composer = Asked()
        let pipeline = DescriptionPipeline(composer: composer, fallback: nil, network: network, locale: .en, detail: .detailed,
                                           log: HostLog(threshold: .debug, sink: { _ in }))
        let scene = records + [Self.object("chair", 0.9, 0.8)]
        let outcome = pipeline.describe(scene)
        #expect(network.requests == [scene.map(\.label)])
        #expect(composer.asked.isEmpty)
        #expect(outcome.network?.used == true)
        #expect(Array(outcome.sentences.prefix(4)) == ["On the left, it looks like there's a chair.", "Ahead, it may be a dog.",
                                                       "On the right, it looks like there's a bench and a chair.",
                                                       "It looks like there's a table."])
        // The network's "two chairs and a bench" spans two places: refused, and said part by part.
        #expect(outcome.narration.report.composerFailures.map(\.reason.code).contains("invalid-record-indices"))
        // Its phrases over one part each ("a dog" ahead, the bark) are said as its own.
        #expect(outcome.narration.report.acceptedComposerPhrases == 2)
        #expect(outcome.narration.sentences.map(\.source) == [.fallback, .composer, .fallback, .fallback, .composer])
    }
}
