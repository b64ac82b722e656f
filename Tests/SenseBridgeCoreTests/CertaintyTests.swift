import Testing
@testable import SenseBridgeCore

@Suite("Certainty")
struct CertaintyTests {
    @Test("confidence maps to a bucket; below the floor nothing is named", arguments: [
        (1.0, Certainty.high), (0.8, .high), (0.79, .medium), (0.6, .medium), (0.59, .low), (0.4, .low),
    ])
    func buckets(confidence: Double, expected: Certainty) {
        #expect(Certainty(confidence: confidence) == expected)
        #expect(Phrasing.certainty(forConfidence: confidence) == expected)
    }

    @Test("sub-floor and garbage confidences are not named",
          arguments: [0.39, 0.0, -0.1, 1.01, Double.nan, Double.infinity, -Double.infinity])
    func notNamed(confidence: Double) {
        #expect(Certainty(confidence: confidence) == nil)
    }

    @Test("the precision floor is 0.4")
    func floor() {
        #expect(Certainty.precisionFloor == 0.4)
        #expect(Certainty(confidence: Certainty.precisionFloor.nextDown) == nil)
        #expect(Certainty(confidence: Certainty.precisionFloor) == .low)
    }

    @Test("a phrase is as certain as its weakest record")
    func weakest() {
        #expect(Certainty.weakest(of: [0.95, 0.9]) == .high)
        #expect(Certainty.weakest(of: [0.95, 0.65]) == .medium)
        #expect(Certainty.weakest(of: [0.45, 0.99, 0.7]) == .low)
        #expect(Certainty.weakest(of: [0.95, 0.3]) == nil)
        #expect(Certainty.weakest(of: []) == nil)
    }
}
