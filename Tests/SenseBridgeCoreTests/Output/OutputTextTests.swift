import Foundation
import Testing
@testable import SenseBridgeCore

@Suite struct OutputTextTests {
    @Test func jsonStringsRoundTripThroughAParser() throws {
        for text in ["plain", "quote \" and \\ back", "new\nline\ttab\r", "\u{0}\u{1}\u{1F}", "tiếng Việt ñ 🚪", "</script>"] {
            let encoded = "[" + JSONText.string(text) + "]"
            let decoded = try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? [String]
            #expect(decoded == [text])
        }
    }

    @Test func numbersAlwaysHaveADecimalPoint() {
        #expect(JSONText.number(1) == "1.0")
        #expect(JSONText.number(0) == "0.0")
        #expect(JSONText.number(0.15) == "0.15")
        #expect(JSONText.number(0.1 + 0.2) == "0.3")
        #expect(JSONText.number(-2.5) == "-2.5")
        #expect(JSONText.number(-0.0001) == "0.0")
        #expect(JSONText.number(1e300) == "9000000000000.0")
        #expect(JSONText.number(.nan) == "null")
        #expect(JSONText.number(-.infinity) == "null")
    }

    @Test func timestampsAreUTCWithMilliseconds() {
        #expect(ISO8601Timestamp.string(secondsSince1970: 0) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601Timestamp.string(secondsSince1970: 951_782_400) == "2000-02-29T00:00:00.000Z")
        #expect(ISO8601Timestamp.string(secondsSince1970: 1_709_164_800.5) == "2024-02-29T00:00:00.500Z")
        #expect(ISO8601Timestamp.string(secondsSince1970: -0.001) == "1969-12-31T23:59:59.999Z")
        #expect(ISO8601Timestamp.string(secondsSince1970: 4_102_444_799.999) == "2099-12-31T23:59:59.999Z")
        #expect(ISO8601Timestamp.string(secondsSince1970: .nan) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601Timestamp.string(secondsSince1970: 1e20) == "9999-12-31T23:59:59.999Z")
    }

    @Test func outputPlaceholderFallsBackToTheHostsDefault() {
        #expect(OutputPathTemplate.resolve("/abs/captions.vtt", environment: [:]) == "/abs/captions.vtt")
        #expect(OutputPathTemplate.resolve("{output}/captions.vtt", environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/a"])
                == "/state/sensebridge/output/captions.vtt")
        #expect(OutputPathTemplate.resolve("{output}/h.jsonl", environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"])
                == "/home/a/.local/state/sensebridge/output/h.jsonl")
        #expect(OutputPathTemplate.resolve("{output}/{output}", environment: ["HOME": "/h"])
                == "/h/.local/state/sensebridge/output//h/.local/state/sensebridge/output")
    }
}
