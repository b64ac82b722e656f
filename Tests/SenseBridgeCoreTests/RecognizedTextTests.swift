import Testing
@testable import SenseBridgeCore

@Suite("RecognizedText")
struct RecognizedTextTests {
    @Test("recognized text is cleaned and capped at 300 characters")
    func textCap() {
        #expect(RecognizedText.spoken("  EXIT\n\u{200B}ONLY\t ", locale: .en) == "EXIT ONLY")
        let long = String(repeating: "word ", count: 200)
        let spoken = RecognizedText.spoken(long, locale: .en)
        #expect(spoken.hasSuffix(" …"))
        #expect(spoken.count <= RecognizedText.maximumSpokenCharacters + 2)
        #expect(!spoken.contains("wor …"), "cut mid-word")
        let unbroken = String(repeating: "x", count: 1000)
        #expect(RecognizedText.spoken(unbroken, locale: .en).count == RecognizedText.maximumSpokenCharacters + 2)
        let sentence = Phrasing.describe(subject: long, certainty: .high, stream: .text, locale: .en)
        #expect(sentence.count < RecognizedText.maximumSpokenCharacters + 40)
    }
}
