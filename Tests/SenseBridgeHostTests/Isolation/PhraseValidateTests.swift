import SenseBridgeABICodec
import SenseBridgeCore
import Testing

/// What an isolated composer's runner says it decoded is held in the host to the same
/// function the codec ends with on C memory (`PhraseCodec.validate`): the runner shares
/// its address space with the plugin, so its word is worth no more than the plugin's.
@Suite struct PhraseValidateTests {
    static let maximumWords = 8
    static var cap: Int { PhraseValidator.maximumBytes(forWords: maximumWords) }

    func received(_ proposed: [ProposedPhrase], refusal: PhraseCodec.ResultRefusal? = nil) -> PhraseCodec.Decoded {
        var decoded = PhraseCodec.Decoded()
        decoded.proposed = proposed
        decoded.refusal = refusal
        return decoded
    }

    func chair(_ index: Int) -> ProposedPhrase {
        .phrase(SubjectPhrase(stream: .sight, text: "a chair", recordIndices: [index]))
    }

    @Test func moreReadablePhrasesThanRecordsAreRefusedAsAWhole() {
        let checked = PhraseCodec.validate(received([chair(0), chair(1), chair(2)]), maximumWords: Self.maximumWords, recordCount: 2)
        #expect(checked.refusal == .tooManyPhrases)
        #expect(checked.proposed.isEmpty)
        #expect(checked.problems.contains { $0.contains("3 phrases for 2 records") })
    }

    @Test func unreadableEntriesCountTowardsTheLimitToo() {
        let unreadable = ProposedPhrase.unreadable(UnreadablePhrase(stream: .sight, recordIndices: [0], reason: .invalidUTF8))
        let checked = PhraseCodec.validate(received([chair(0), unreadable]), maximumWords: Self.maximumWords, recordCount: 1)
        #expect(checked.refusal == .tooManyPhrases)
    }

    @Test func moreThanAnyRequestCouldNeedIsRefusedWhateverTheRecordCount() {
        let many = Array(repeating: chair(0), count: ABICodec.maximumPhrases + 1)
        let checked = PhraseCodec.validate(received(many), maximumWords: Self.maximumWords, recordCount: 1_000_000)
        #expect(checked.refusal == .malformedResult)
        #expect(checked.proposed.isEmpty)
    }

    @Test func textOverTheCapBecomesUnreadableTooLongInItsPlace() {
        let long = String(repeating: "a", count: Self.cap + 1)
        let atCap = String(repeating: "b", count: Self.cap)
        let checked = PhraseCodec.validate(received([
            chair(0),
            .phrase(SubjectPhrase(stream: .sound, text: long, recordIndices: [1, 2])),
            .phrase(SubjectPhrase(stream: .sight, text: atCap, recordIndices: [3])),
        ]), maximumWords: Self.maximumWords, recordCount: 4)
        #expect(checked.refusal == nil)
        #expect(checked.proposed == [
            chair(0),
            .unreadable(UnreadablePhrase(stream: .sound, recordIndices: [1, 2], reason: .tooLong)),
            .phrase(SubjectPhrase(stream: .sight, text: atCap, recordIndices: [3])),
        ], "the long one keeps its records, so they are still said")
        #expect(checked.problems == ["phrase 1 has text longer than \(Self.cap) bytes, the cap for its word ceiling (too-long)"])
    }

    @Test func tooManyIndicesBecomeUnreadableWithNone() {
        let indices = Array(repeating: 0, count: ABICodec.maximumIndicesPerPhrase + 1)
        let checked = PhraseCodec.validate(received([.phrase(SubjectPhrase(stream: .sight, text: "a chair", recordIndices: indices))]),
                                          maximumWords: Self.maximumWords, recordCount: 1)
        #expect(checked.proposed == [.unreadable(UnreadablePhrase(stream: .sight, recordIndices: [], reason: .invalidIndices))])
    }

    @Test func aRefusalTheRunnerReportedStands() {
        var refused = received([], refusal: .malformedResult)
        refused.problems = ["phrase_count is 9999999"]
        let checked = PhraseCodec.validate(refused, maximumWords: Self.maximumWords, recordCount: 1)
        #expect(checked.refusal == .malformedResult)
        #expect(checked.proposed.isEmpty)
    }

    @Test func anHonestResultPassesUnchanged() {
        let honest = [chair(0), .unreadable(UnreadablePhrase(stream: nil, recordIndices: [1], reason: .unknownStream))]
        let checked = PhraseCodec.validate(received(honest), maximumWords: Self.maximumWords, recordCount: 2)
        #expect(checked.refusal == nil)
        #expect(checked.proposed == honest)
        #expect(checked.problems.isEmpty)
    }
}
