import Dispatch
import Testing
@testable import SenseBridgeCore

@Suite("VerdictMemo")
struct VerdictMemoTests {
    @Test("a verdict is computed once per exact phrase, locale and ceiling, and the memory stays bounded")
    func computedOnceAndBounded() {
        let memo = VerdictMemo(capacity: 8)
        var computed = 0
        let accept = { () -> PhraseVerdict in computed += 1; return .accepted("a chair") }
        for _ in 0..<3 { _ = memo.verdict("a chair", locale: .en, maximumWords: 6, compute: accept) }
        #expect(computed == 1)
        // Another locale or ceiling is another question.
        _ = memo.verdict("a chair", locale: .es, maximumWords: 6, compute: accept)
        _ = memo.verdict("a chair", locale: .en, maximumWords: 5, compute: accept)
        #expect(computed == 3)
        // A flood of distinct phrases empties the memory rather than growing it.
        for index in 0..<(memo.capacity * 3) {
            _ = memo.verdict("phrase \(index)", locale: .en, maximumWords: 6, compute: accept)
            #expect(memo.count <= memo.capacity)
        }
        // A phrase too long to keep is computed every time.
        let long = String(repeating: "a chair ", count: VerdictMemo.maximumPhraseBytes / 8 + 1)
        computed = 0
        for _ in 0..<2 { _ = memo.verdict(long, locale: .en, maximumWords: 100, compute: accept) }
        #expect(computed == 2)
    }

    /// Equal as strings, different as bytes: "é" precomposed and decomposed. The byte
    /// cap sees the difference, so the memory must too.
    @Test("canonically equivalent spellings are remembered apart")
    func canonicalEquivalents() {
        let composed = String(repeating: "\u{E9}", count: 16)          // 32 bytes: within one word's cap
        let decomposed = String(repeating: "e\u{301}", count: 16)      // 48 bytes: over it
        #expect(composed == decomposed)
        for _ in 0..<2 {
            #expect(PhraseValidator.validate(composed, locale: .es, maximumWords: 1).rejection?.reason != .tooLong)
            #expect(PhraseValidator.validate(decomposed, locale: .es, maximumWords: 1) == .rejected(PhraseRejection(.tooLong)))
        }
        let memo = VerdictMemo(capacity: 8)
        let first = memo.verdict(composed, locale: .es, maximumWords: 2) { .accepted(composed) }
        let second = memo.verdict(decomposed, locale: .es, maximumWords: 2) { .accepted(decomposed) }
        #expect(first.acceptedPhrase.map { Array($0.unicodeScalars) } == Array(composed.unicodeScalars))
        #expect(second.acceptedPhrase.map { Array($0.unicodeScalars) } == Array(decomposed.unicodeScalars))
    }

    @Test("validated from many threads at once, every verdict is the computed one")
    func concurrentValidation() {
        var generator = HostilePhraseGenerator(seed: 0xC0_C0)
        let phrases = (0..<200).map { _ in generator.next() } + ["a chair and a door", "una silla", "một cái ghế"]
        let expected = phrases.map { PhraseValidator.check($0, locale: .en, maximumWords: 13) }
        let small = VerdictMemo(capacity: 16)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<4 {
                for (index, phrase) in phrases.enumerated() where (index + worker + round) % 2 == 0 {
                    let verdict = PhraseValidator.validate(phrase, locale: .en, maximumWords: 13)
                    let bounded = small.verdict(phrase, locale: .en, maximumWords: 13) {
                        PhraseValidator.check(phrase, locale: .en, maximumWords: 13)
                    }
                    #expect(verdict == expected[index])
                    #expect(bounded == expected[index])
                }
            }
        }
        #expect(small.count <= small.capacity)
    }

    @Test("forgetting the verdicts leaves every answer the same")
    func forgetting() {
        let before = PhraseValidator.validate("a chair and a door", locale: .en, maximumWords: 9)
        PhraseValidator.forgetRememberedVerdicts()
        #expect(PhraseValidator.validate("a chair and a door", locale: .en, maximumWords: 9) == before)
        #expect(before == .accepted("a chair and a door"))
    }
}
