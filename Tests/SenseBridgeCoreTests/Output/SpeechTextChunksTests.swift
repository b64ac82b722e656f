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

    /// The speech target walks the pieces one at a time, so it can stop between two of
    /// them without having cut the rest of a long text; they are the same pieces.
    @Test func piecesTakenOneAtATimeAreTheSamePieces() {
        let texts = ["", "It looks like there's a chair.", String(repeating: "One two. Three four five six ", count: 40),
                     String(repeating: "x", count: 1234), "Línea uno.\nLínea dos sin punto " + String(repeating: "palabra ", count: 90)]
        for text in texts {
            for maximum in [1, 12, 100, 400] {
                #expect(Array(SpeechText.Chunks(text, maximum: maximum)) == SpeechText.chunks(text, maximum: maximum))
            }
        }
        var pieces = SpeechText.Chunks(String(repeating: "word ", count: 100_000), maximum: 400)
        #expect(pieces.next()?.count == 400)
    }
}
