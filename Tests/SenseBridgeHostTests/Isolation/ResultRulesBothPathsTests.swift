import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// Every rule a composer's or a perceiver's result is held to, broken once by a real
/// library (Tests/Fixtures/c/bad_result_plugin.c) and met twice: in this process, where
/// the codec decodes the C memory, and isolated, where the runner decodes it and the host
/// holds what arrives to the same `validate`. Each row is refused the same way on both
/// paths, with the same reason: a rule that held on one path only would show here.
@Suite struct ResultRulesBothPathsTests {
    static let composerID = "org.sensebridge.test.bad-results-composer"
    static let perceiverID = "org.sensebridge.test.bad-results-perceiver"

    /// One record, so "more phrases than records" is two.
    static let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)]
    static let maximumWords = 8

    let directory: TemporaryDirectory
    let host: PluginHost

    /// The two libraries, for each test.
    init() throws {
        directory = try TemporaryDirectory("sensebridge-bad-results")
        let schema: [String: Any] = ["defect": ["type": "string", "description": "The rule every result breaks."]]
        for (kind, id, define) in [("scene-composer", Self.composerID, "1"), ("perceiver", Self.perceiverID, "4")] {
            try FixturePlugin.make(in: directory.url, name: kind == "perceiver" ? "bad_perceiver" : "bad_composer", id: id,
                                   defines: ["BAD_KIND": define],
                                   manifest: ["kind": kind, "config": ["defaults": ["defect": "well"], "schema": schema]],
                                   source: "bad_result_plugin.c")
        }
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]),
                          log: CapturedLog().hostLog)
    }

    /// What a compose came to, comparable across the two paths.
    enum ComposeOutcome: Equatable {
        case phrases([ProposedPhrase])
        case refused(PhraseCodec.ResultRefusal, String)
    }

    func compose(_ defect: String, isolated: Bool) throws -> ComposeOutcome {
        let composer = try host.sceneComposer(try host.manifest(id: Self.composerID), config: ["defect": .string(defect)],
                                              placement: Placement(isolated: isolated))
        #expect(composer.isolated == isolated)
        do {
            return .phrases(try composer.compose(records: Self.records, locale: "en", maximumWords: Self.maximumWords,
                                                 maximumLabels: 3, deadline: MonotonicClock.nanoseconds() + 10_000_000_000))
        } catch let refused as ComposerResultRefused {
            return .refused(refused.refusal, refused.problem)
        }
    }

    static func unreadable(_ reason: UnreadablePhrase.Reason, stream: PerceptionStream? = .sight, indices: [Int] = [0]) -> ComposeOutcome {
        .phrases([.unreadable(UnreadablePhrase(stream: stream, recordIndices: indices, reason: reason))])
    }

    static let composerRows: [(String, ComposeOutcome)] = [
        ("well", .phrases([.phrase(SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [0]))])),
        ("count-beyond-any", .refused(.malformedResult, "phrase_count is 1000000, more than any request could need")),
        ("more-than-records", .refused(.tooManyPhrases, "2 phrases for 1 records; every phrase must name a record")),
        ("null-phrases", .refused(.malformedResult, "phrases is NULL with phrase_count 1")),
        ("null-text", unreadable(.nullText)),
        ("not-utf8", unreadable(.invalidUTF8)),
        ("unknown-stream", unreadable(.unknownStream, stream: nil)),
        ("too-long", unreadable(.tooLong)),
        ("too-many-indices", unreadable(.invalidIndices, indices: [])),
        ("null-indices", unreadable(.invalidIndices, indices: [])),
    ]

    @Test(arguments: composerRows)
    func aComposersResultIsJudgedAlikeInProcessAndIsolated(defect: String, expected: ComposeOutcome) throws {
        let inProcess = try compose(defect, isolated: false)
        let isolated = try compose(defect, isolated: true)
        #expect(inProcess == expected, "in process: \(defect)")
        #expect(isolated == inProcess, "isolated, \(defect): \(isolated) against \(inProcess)")
    }

    // MARK: Perceivers

    enum PerceiveOutcome: Equatable {
        case records([PerceptionRecord])
        case refused(String)
    }

    func perceive(_ defect: String, isolated: Bool) throws -> PerceiveOutcome {
        let perceiver = try host.perceiver(try host.manifest(id: Self.perceiverID), config: ["defect": .string(defect)],
                                           placement: Placement(isolated: isolated))
        #expect(perceiver.isolated == isolated)
        let picture = ImageFrame(format: .gray8, width: 2, height: 2, pixels: [0, 0, 0, 0])
        do {
            return .records(try perceiver.perceive(picture, timestampNanoseconds: 1, locale: "en",
                                                   deadline: MonotonicClock.nanoseconds() + 10_000_000_000))
        } catch let refused as PerceiverResultRefused {
            #expect(refused.pluginID == Self.perceiverID)
            return .refused(refused.problem)
        }
    }

    static let limit = ABICodec.maximumPerceivedRecords
    static let labelLimit = ABICodec.maximumPerceivedLabelBytes
    static let perceiverRows: [(String, PerceiveOutcome)] = [
        ("well", .records([PerceptionRecord(kind: .object, label: "chair", confidence: Double(Float(0.9)))])),
        ("too-many-records", .refused("\(limit + 1) records; the limit is \(limit)")),
        ("long-label", .refused("record 0 has a label longer than \(labelLimit) bytes")),
        ("null-label", .refused("record 0 has a NULL label")),
        ("label-not-utf8", .refused("record 0 has a label that is not UTF-8")),
        ("unknown-kind", .refused("record 0 has unknown kind 99")),
        ("turned-45", .refused("turned_degrees is 45; only 0, 90, 180 or 270 can be reported")),
    ]

    @Test(arguments: perceiverRows)
    func aPerceiversResultIsJudgedAlikeInProcessAndIsolated(defect: String, expected: PerceiveOutcome) throws {
        let inProcess = try perceive(defect, isolated: false)
        let isolated = try perceive(defect, isolated: true)
        #expect(inProcess == expected, "in process: \(defect)")
        #expect(isolated == inProcess, "isolated, \(defect): \(isolated) against \(inProcess)")
    }
}
