import Testing
@testable import SenseBridgeCore

struct NameabilityCacheTests {
    @Test func aVerdictIsComputedOnceAndTheMemoryStaysBounded() {
        let cache = NameabilityCache(capacity: 8)
        var computed = 0
        for _ in 0..<3 {
            _ = cache.verdict(label: "chair", stream: .sight, wordCeiling: 6) { computed += 1; return true }
        }
        #expect(computed == 1)
        // Another stream or ceiling is another question.
        _ = cache.verdict(label: "chair", stream: .sound, wordCeiling: 6) { computed += 1; return false }
        #expect(computed == 2)
        // A flood of distinct labels empties the memory rather than growing it: "chair"
        // is then computed again.
        for index in 0..<cache.capacity {
            _ = cache.verdict(label: "label-\(index)", stream: .sight, wordCeiling: 6) { true }
        }
        _ = cache.verdict(label: "chair", stream: .sight, wordCeiling: 6) { computed += 1; return true }
        #expect(computed == 3)
    }
}
