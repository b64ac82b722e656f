import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing

/// How a model's message content is read: what small models really write, and that
/// reading only ever picks out text the model wrote, never adds or searches for any.
@Suite struct ModelReplyTextTests {
    @Test("the shapes small models write", arguments: [
        (#"{"phrase": "a chair and a table"}"#, ModelReplyText.Reading.json("a chair and a table")),
        ("```json\n{\"phrase\": \"a chair and a table\"}\n```", .json("a chair and a table")),
        ("Here is the JSON:\n```json\n{\"phrase\": \"a chair\"}\n```\nHope it helps", .json("a chair")),
        ("{\"phrase\": \"a chair\"}\n\nI hope this helps! {\"phrase\": \"a gun\"}", .json("a chair")),
        ("{ \"phrase\": \"una silla y una mesa\" }\n", .json("una silla y una mesa")),
        (#"{"phrase": "a \"quoted\" } brace"}"#, .json(#"a "quoted" } brace"#)),
        ("A chair and a table.", .bare("a chair and a table")),
        ("\"a chair\"", .bare("a chair")),
        ("TV and a chair", .bare("TV and a chair")),
        ("The weather is lovely today.", .bare("the weather is lovely today")),
        ("Here is: a chair\nand more", .bare("here is: a chair\nand more")),
        ("{\"phrase\": ", .malformed("the content starts like JSON but is not a complete JSON object")),
        ("{\"name\": \"a chair\"}", .malformed("the JSON content has no text 'phrase'")),
        ("{\"phrase\": 3}", .malformed("the JSON content has no text 'phrase'")),
    ])
    func shapes(content: String, expected: ModelReplyText.Reading) {
        #expect(ModelReplyText.read(content) == expected)
    }

    @Test func deepNestingIsRefusedWithoutWork() {
        let deep = String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        if case .malformed = ModelReplyText.read(deep) {} else { Issue.record("deep nesting was not refused") }
    }

    /// 20,000 mutated replies: reading never traps, and what it returns as a phrase is
    /// made only of characters the content held (case aside), so it can add nothing.
    @Test func mutatedRepliesNeverInventText() {
        var random = SeededGenerator(seed: 0x5EED_0013)
        let seeds = ["```json\n{\"phrase\": \"a chair and a table\"}\n```", #"{"phrase": "una silla"} thanks"#,
                     "A chair and a table.", "Here is the JSON:\n```json\n{\"phrase\": \"một cái ghế\"}\n```"]
        let alphabet = Array("{}[]\"\\`\n :,.aA1é\u{201C}\u{201D}'")
        for _ in 0..<20_000 {
            var characters = Array(seeds.randomElement(using: &random)!)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0...characters.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: characters.insert(alphabet.randomElement(using: &random)!, at: index)
                case 1 where index < characters.count: characters.remove(at: index)
                default: if index < characters.count { characters[index] = alphabet.randomElement(using: &random)! }
                }
            }
            let content = String(characters)
            let available = Set(content.lowercased().unicodeScalars)
            switch ModelReplyText.read(content) {
            case .json(let phrase), .bare(let phrase):
                // JSON escapes can spell a character the raw text does not hold; those
                // come from the model too, so only plain replies are held to this.
                guard !content.contains("\\") else { continue }
                #expect(phrase.lowercased().unicodeScalars.allSatisfy { available.contains($0) }, "\(content.debugDescription) → \(phrase.debugDescription)")
            case .malformed:
                break
            }
        }
    }
}
