import Testing
@testable import SenseBridgeCore

@Suite struct SpeechTextChunksTests {
    @Test func piecesReassembleToTheTextAndStayWithinTheLimit() {
        let text = String(repeating: "no punctuation here at all ", count: 400) + "Then a sentence. And another one! End"
        let pieces = SpeechText.chunks(text, maximum: 100)
        #expect(pieces.joined() == text)
        #expect(pieces.allSatisfy { $0.count <= 100 && !$0.isEmpty })
        #expect(pieces.count >= text.count / 100)
    }

    @Test func cutsPreferSentenceEndsThenSpaces() {
        let pieces = SpeechText.chunks("One two. Three four five six", maximum: 12)
        #expect(pieces.first == "One two.")
        #expect(SpeechText.chunks("alpha beta gamma", maximum: 12).first == "alpha beta ")
    }

    @Test func anUnbrokenWordIsCutAtTheLimitAndShortTextIsOnePiece() {
        #expect(SpeechText.chunks(String(repeating: "x", count: 25), maximum: 10).map(\.count) == [10, 10, 5])
        #expect(SpeechText.chunks("It looks like there's a chair.") == ["It looks like there's a chair."])
        #expect(SpeechText.chunks("").isEmpty)
    }
}
