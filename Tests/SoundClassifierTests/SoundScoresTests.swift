import Foundation
import SenseBridgeCore
import Testing
@testable import SoundClassifier

/// Logits become records: a sigmoid per class, the best of an identifier's classes over
/// the block's patches, kept only at or above the larger of the minimum and its floor.
@Suite struct SoundScoresTests {
    static let table = CuratedSounds.Resolved(entries: [
        .init(identifier: "siren", indices: [0, 1], floor: 0),
        .init(identifier: "music", indices: [2], floor: 0.4),
        .init(identifier: "speech", indices: [3], floor: 0),
    ])

    static func logit(_ probability: Double) -> Float { Float(log(probability / (1 - probability))) }

    @Test func theBestClassOfAnIdentifierOverEveryPatch() throws {
        let scores = SoundScores(table: Self.table, minimumConfidence: 0.3)
        let records = scores.records([[Self.logit(0.2), Self.logit(0.5), -20, -20],
                                      [Self.logit(0.7), Self.logit(0.1), -20, -20]])
        let siren = try #require(records.first)
        #expect(records.count == 1)
        #expect(siren.kind == .sound && siren.label == "siren" && siren.box == nil)
        #expect(abs(siren.confidence - 0.7) < 1e-6)
    }

    @Test func aFloorAboveTheMinimumHoldsBackItsIdentifierOnly() {
        let scores = SoundScores(table: Self.table, minimumConfidence: 0.3)
        let records = scores.records([[-20, -20, Self.logit(0.35), Self.logit(0.35)]])
        #expect(records.map(\.label) == ["speech"], "music's floor is 0.4")
        #expect(scores.records([[-20, -20, Self.logit(0.45), -20]]).map(\.label) == ["music"])
    }

    @Test func nothingBelowTheMinimumAndNoSilenceRecord() {
        let scores = SoundScores(table: Self.table, minimumConfidence: 0.3)
        #expect(scores.records([[Self.logit(0.29), -20, -20, -20]]).isEmpty)
        #expect(scores.records([]).isEmpty)
    }

    @Test func highestConfidenceFirstAndNaNIgnored() {
        let scores = SoundScores(table: Self.table, minimumConfidence: 0.3)
        let records = scores.records([[.nan, Self.logit(0.6), -20, Self.logit(0.9)]])
        #expect(records.map(\.label) == ["speech", "siren"])
    }
}
