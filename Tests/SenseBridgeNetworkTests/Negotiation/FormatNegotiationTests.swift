import SenseBridgeNetwork
import Testing

/// The order modes are asked in, and what moves the negotiation on; pure logic.
@Suite struct FormatNegotiationTests {
    @Test func withNothingRememberedItStartsStrictestAndStepsDownOnFormatRefusals() {
        var negotiation = FormatNegotiation(remembered: nil)
        #expect(negotiation.current == .jsonSchema)
        #expect(negotiation.failed(with: "schema-unsupported") == .jsonObject)
        #expect(negotiation.failed(with: "format-ignored") == .text)
        #expect(negotiation.failed(with: "format-ignored") == nil, "nothing is left after text")
        #expect(negotiation.refused.map(\.mode) == [.jsonSchema, .jsonObject, .text])
    }

    @Test("a failure that is not about the format ends the attempt", arguments: [
        "http-500", "http-429", "timeout", "unreachable", "malformed-reply", "refused:record-not-named", "composer-error",
    ])
    func otherFailuresDoNotStepDown(code: String) {
        var negotiation = FormatNegotiation(remembered: nil)
        #expect(negotiation.failed(with: code) == nil)
        #expect(negotiation.current == .jsonSchema && negotiation.refused.isEmpty)
    }

    @Test func aRememberedModeIsAskedFirstAndWhenItFailsTheOthersAreReprobedStrictestFirst() {
        var negotiation = FormatNegotiation(remembered: .jsonObject)
        #expect(negotiation.current == .jsonObject)
        #expect(negotiation.modeToRemember == nil, "already remembered")
        #expect(negotiation.failed(with: "format-ignored") == .jsonSchema)
        #expect(negotiation.failed(with: "schema-unsupported") == .text)
        #expect(negotiation.modeToRemember == .text)
    }

    @Test func onlyTheTwoFormatCodesMoveItOn() {
        #expect(FormatNegotiation.isAboutFormat("schema-unsupported") && FormatNegotiation.isAboutFormat("format-ignored"))
        #expect(!FormatNegotiation.isAboutFormat("http-400") && !FormatNegotiation.isAboutFormat("malformed-reply"))
    }
}
