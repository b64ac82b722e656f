import Foundation
import SenseBridgeCore
import SenseBridgeHost
import Testing

/// The pipeline with in-process composers: what a result the ABI could not carry, or a
/// failing composer, comes to — said, reported and logged.
struct DescriptionPipelineTests {
    /// Unchecked Sendable: the pipeline calls it on the test's thread only, one call at a time.
    final class Proposing: PhraseComposing, @unchecked Sendable {
        let proposals: () throws -> [ProposedPhrase]
        init(_ proposals: @escaping () throws -> [ProposedPhrase]) { self.proposals = proposals }
        func composePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                            deadline: UInt64) throws -> [SubjectPhrase] {
            try proposals().compactMap(\.phrase)
        }
        func proposePhrases(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                            deadline: UInt64) throws -> [ProposedPhrase] {
            try proposals()
        }
        func cancel() {}
    }

    /// Collects log lines. Unchecked Sendable: every access holds the lock.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
                   PerceptionRecord(kind: .object, label: "door", confidence: 0.5)]

    func pipeline(_ composer: PhraseComposing, log lines: Lines) -> DescriptionPipeline {
        DescriptionPipeline(composer: composer, fallback: nil, locale: .en, detail: .standard,
                            log: HostLog(threshold: .debug, sink: lines.append))
    }

    @Test func anUnreadablePhraseIsReportedInPlaceAndItsRecordsAreStillSaid() {
        let lines = Lines()
        let composer = Proposing {
            [.unreadable(UnreadablePhrase(stream: .sight, recordIndices: [0], reason: .invalidUTF8)),
             .phrase(SubjectPhrase(stream: .sight, text: "a door", recordIndices: [1]))]
        }
        let outcome = pipeline(composer, log: lines).describe(records)
        #expect(outcome.sentences == ["It looks like there's a chair.", "It might be a door, but I'm not sure."])
        #expect(outcome.narration.report.composerFailures == [.init(stream: .sight, phraseIndex: 0, reason: .unreadable(.invalidUTF8))])
        #expect(lines.all.contains("sensebridge[debug] narration.phrase-refused source=composer stream=sight reason=invalid-utf8 phrase=0"))
    }

    @Test func aGroundingRefusalIsLoggedWithTheWordKeptPrivate() {
        let lines = Lines()
        let liar = Proposing { [.phrase(SubjectPhrase(stream: .sight, text: "a chair and a door", recordIndices: [0]))] }
        let outcome = pipeline(liar, log: lines).describe(records)
        #expect(!outcome.sentences.contains("It looks like there's a chair and a door."))
        #expect(outcome.sentences.contains("It might be a door, but I'm not sure."))
        let failure = outcome.narration.report.composerFailures.first
        #expect(failure?.reason == .ungrounded(.uncoveredRecordNamed) && failure?.word == "door")
        let logged = lines.all.filter { $0.contains("narration.phrase-refused") }
        #expect(logged.first == "sensebridge[debug] narration.phrase-refused source=composer stream=sight reason=uncovered-record-named phrase=0 word=<private>")
        #expect(!lines.all.joined().contains("door"))
    }

    @Test func aComposerThatFailsAsAWholeIsNamedWithAReasonCode() {
        let lines = Lines()
        struct Broken: Error {}
        let outcome = pipeline(Proposing { throw Broken() }, log: lines).describe(records)
        #expect(outcome.composerFailure?.reason == "failed")
        #expect(outcome.sentences == ["It looks like there's a chair.", "It might be a door, but I'm not sure."])
        #expect(lines.all.contains("sensebridge[warning] narration.composer-failed reason=failed"))
    }

    /// A composer the host stopped is said once however many moments it fails, once
    /// more when it stays off, and logged with how it ended but never its stderr.
    @Test func aStoppedComposerIsSaidOnceAndOnceMoreWhenItStaysOff() {
        let lines = Lines()
        let causes: [PluginStopped.Cause] = [.died(.signalled(SIGSEGV)), .backingOff(seconds: 0.5), .died(.signalled(SIGSEGV)),
                                             .stayedOff(restarts: 3), .stayedOff(restarts: 3)]
        var calls = 0
        let crashing = Proposing {
            defer { calls += 1 }
            throw PluginStopped(pluginID: "org.example.bad", isolated: true, cause: causes[calls], stderrTail: "the camera saw a letter")
        }
        let subject = pipeline(crashing, log: lines)
        let said = causes.indices.flatMap { _ in subject.describe(records).announcements.map(\.text) }
        #expect(said == [Phrasing.status(.composerStopped, locale: .en), Phrasing.status(.composerOff, locale: .en)])
        let logged = lines.all.filter { $0.contains("narration.composer-failed") }
        #expect(logged.count == causes.count)
        #expect(logged.first == "sensebridge[warning] narration.composer-failed reason=crashed plugin=org.example.bad ended=org.example.bad (isolated) was killed by SIGSEGV, invalid memory access")
        #expect(!lines.all.contains { $0.contains("camera") })
    }
}
