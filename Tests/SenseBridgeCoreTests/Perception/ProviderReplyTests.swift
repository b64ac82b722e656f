import Foundation
import Testing
import SenseBridgeCore

/// Where each provider's reply holds the phrase, and the reason code for each way a
/// body can be wrong: the network composer and `make fuzz` both read through this.
@Suite("ProviderReply")
struct ProviderReplyTests {
    static func read(_ body: String, _ shape: ProviderReply.Shape, wantsJSON: Bool = true) -> Result<String, ProviderReply.Refusal> {
        Result { () throws(ProviderReply.Refusal) in
            try ProviderReply.phrase(from: Data(body.utf8), shape: shape, wantsJSON: wantsJSON, formatName: "json_schema")
        }
    }

    @Test(arguments: [
        (#"{"choices":[{"message":{"content":"{\"phrase\": \"a chair\"}"}}]}"#, ProviderReply.Shape.openAICompatible, true, "a chair"),
        (#"{"choices":[{"message":{"content":"  \"A door.\"  "}}]}"#, .openAICompatible, false, "a door"),
        (#"{"content":[{"type":"tool_use","name":"subject_phrase","input":{"phrase":" una silla "}}]}"#, .anthropic, true, "una silla"),
        (#"{"content":[{"type":"thinking"},{"type":"text","text":"```json\n{\"phrase\": \"một cái ghế\"}\n```"}]}"#, .anthropic, true, "một cái ghế"),
    ])
    func thePhraseIsFoundInEachShape(body: String, shape: ProviderReply.Shape, wantsJSON: Bool, phrase: String) throws {
        #expect(try Self.read(body, shape, wantsJSON: wantsJSON).get() == phrase)
    }

    @Test(arguments: [
        ("[]", ProviderReply.Shape.openAICompatible, true, "malformed-reply"),
        ("not json", .anthropic, true, "malformed-reply"),
        (#"{"choices":[]}"#, .openAICompatible, true, "malformed-reply"),
        (#"{"choices":[{"message":{"content":null,"refusal":"no"}}]}"#, .openAICompatible, true, "model-refused"),
        (#"{"choices":[{"message":{"content":"a chair"}}]}"#, .openAICompatible, true, "format-ignored"),
        (#"{"choices":[{"message":{"content":"{\"phrase\": "}}]}"#, .openAICompatible, true, "malformed-reply"),
        (#"{"choices":[{"message":{"content":"   "}}]}"#, .openAICompatible, false, "empty-reply"),
        (#"{"content":[{"type":"tool_use","name":"other_tool","input":{"phrase":"a fire"}}]}"#, .anthropic, true, "malformed-reply"),
        (#"{"content":[{"type":"image"}]}"#, .anthropic, true, "malformed-reply"),
        (#"{"choices":[{"message":{"content":"\#(String(repeating: "chair ", count: 80))"}}]}"#, .openAICompatible, false, "malformed-reply"),
    ])
    func aBodyOfTheWrongShapeIsRefusedWithItsReason(body: String, shape: ProviderReply.Shape, wantsJSON: Bool, reason: String) {
        guard case .failure(let refusal) = Self.read(body, shape, wantsJSON: wantsJSON) else {
            Issue.record("accepted: \(body)")
            return
        }
        #expect(refusal.reason == reason)
        #expect(refusal.message.hasSuffix("nothing from it was used."))
        #expect(!refusal.message.contains("chair") && !refusal.message.contains("fire"), "a refusal quotes the reply")
    }
}
