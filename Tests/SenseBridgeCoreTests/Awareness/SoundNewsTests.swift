import SenseBridgeCore
import Testing

/// A sound is said when it is news, never again because its score moved (Invariant 7),
/// and never as gone (Invariant 2).
@Suite struct SoundNewsTests {
    static func sound(_ label: String, _ confidence: Double) -> PerceptionRecord {
        PerceptionRecord(kind: .sound, label: label, confidence: confidence)
    }
    static let second: UInt64 = 1_000_000_000

    @Test func aVoiceWhoseScoreMovesIsSaidOnce() {
        var news = SoundNews()
        let scores = [0.45, 0.72, 0.81, 0.52, 0.39, 0.66, 0.9, 0.41]
        let said = scores.enumerated().compactMap { index, score in
            news.news(in: [Self.sound("speech", score)], until: UInt64(index + 1) * Self.second / 4)
        }
        #expect(said.count == 1)
        #expect(said.first?.map(\.label) == ["speech"])
    }

    @Test func aNewSoundIsSaidWithWhatItIsHeardAmong() {
        var news = SoundNews()
        #expect(news.news(in: [Self.sound("speech", 0.7)], until: Self.second)?.map(\.label) == ["speech"])
        #expect(news.news(in: [Self.sound("speech", 0.7)], until: 2 * Self.second) == nil)
        let both = news.news(in: [Self.sound("speech", 0.7), Self.sound("doorbell", 0.8)], until: 3 * Self.second)
        #expect(both?.map(\.label) == ["speech", "doorbell"])
    }

    @Test func belowTheFloorIsNeverNewsAndNothingIsSaidOfSilence() {
        var news = SoundNews()
        #expect(news.news(in: [Self.sound("dog_barking", 0.39)], until: Self.second) == nil)
        #expect(news.news(in: [], until: 2 * Self.second) == nil)
        #expect(news.news(in: [PerceptionRecord(kind: .sound, label: "dog_barking", confidence: .nan)], until: 3 * Self.second) == nil)
    }

    @Test func aSoundBackAfterTheForgettingTimeIsNewsAgain() {
        var news = SoundNews(forgetSeconds: 5)
        #expect(news.news(in: [Self.sound("doorbell", 0.8)], until: Self.second) != nil)
        #expect(news.news(in: [Self.sound("doorbell", 0.8)], until: 6 * Self.second) == nil, "5 s after: still the same ring")
        #expect(news.news(in: [Self.sound("doorbell", 0.8)], until: 11 * Self.second + 1) != nil, "more than 5 s unheard")
    }
}
