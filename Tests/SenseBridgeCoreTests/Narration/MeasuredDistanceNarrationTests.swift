import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// A detected thing's distance, measured under its box, said by the host inside the hedge
/// (never by a composer), only where every thing the sentence names was measured.
@Suite("Measured distances in narration")
struct MeasuredDistanceNarrationTests {
    static func object(_ label: String, _ confidence: Double, metres: Double?) -> PerceptionRecord {
        var record = PerceptionRecord(kind: .object, label: label, confidence: confidence)
        record.distanceMetres = metres
        return record
    }

    static func said(_ records: [PerceptionRecord], _ locale: SpokenLocale, detail: SpokenDetail = .standard) -> [String] {
        SceneNarrator.narrate(records: records, composerPhrases: [], locale: locale, detail: detail).spokenText
    }

    @Test("one measured thing, in en, es and vi, rounded toward the person", arguments: [
        (SpokenLocale.en, "It looks like there's a chair, about 2 metres away."),
        (.es, "Parece que hay una silla, a unos 2 metros."),
        (.vi, "Có vẻ như có một cái ghế, cách khoảng 2 mét."),
    ])
    func oneThing(locale: SpokenLocale, expected: String) {
        #expect(Self.said([Self.object("chair", 0.9, metres: 2.7)], locale) == [expected])
    }

    @Test("several things said together, all measured: the nearest's distance; under half a metre said as such")
    func severalAndNear() {
        let records = [Self.object("chair", 0.9, metres: 2.7), Self.object("chair", 0.9, metres: 1.2), Self.object("dog", 0.9, metres: 3)]
        #expect(Self.said(records, .en) == ["It looks like there are two chairs and a dog, the nearest about 1 metre away."])
        #expect(Self.said([Self.object("cup", 0.9, metres: 0.3)], .en) == ["It looks like there's a cup, less than half a metre away."])
        #expect(Self.said([Self.object("cup", 0.9, metres: 0.3), Self.object("bowl", 0.9, metres: 0.4)], .es)
                == ["Parece que hay una taza y un cuenco, lo más cercano a menos de medio metro."])
    }

    @Test("where even one thing a sentence names was not measured, no distance is said")
    func unmeasuredIsNotSaid() {
        let records = [Self.object("chair", 0.9, metres: 2.7), Self.object("dog", 0.9, metres: nil)]
        #expect(Self.said(records, .en) == ["It looks like there's a chair and a dog."])
        for metres in [Double.nan, .infinity, -1, 1e19] {
            #expect(Self.said([Self.object("chair", 0.9, metres: metres)], .en) == ["It looks like there's a chair."], "\(metres)")
        }
    }

    @Test("at the detailed level each part says its own things' distance after its position")
    func withPositions() {
        var left = Self.object("chair", 0.9, metres: 1.6)
        left.box = NormalizedBox(x: 0.05, y: 0.4, width: 0.2, height: 0.3)
        var right = Self.object("dog", 0.9, metres: 3.4)
        right.box = NormalizedBox(x: 0.75, y: 0.4, width: 0.2, height: 0.3)
        let narration = SceneNarrator.narrate(records: [left, right], locale: .en, detail: .detailed) { _, _ in [] }
        #expect(narration.spokenText
                == ["On the left, it looks like there's a chair, about 1.5 metres away.",
                    "On the right, it looks like there's a dog, about 3 metres away."])
    }

    @Test("the grounding oracle finds every sentence with a distance grounded, and catches a distance not measured or too far")
    func grounded() {
        let records = [Self.object("chair", 0.9, metres: 2.7), Self.object("chair", 0.6, metres: 1.2), Self.object("dog", 0.9, metres: 3)]
        let near = [Self.object("cup", 0.9, metres: 0.3)]
        for locale in SpokenLocale.allCases {
            for scene in [records, near] {
                let narration = SceneNarrator.narrate(records: scene, composerPhrases: [], locale: locale, detail: .standard)
                #expect(GroundingOracle().breaches(of: narration, records: scene, locale: locale).isEmpty, "\(locale): \(narration.spokenText)")
            }
        }
    }

    @Test("the oracle accuses a distance over an unmeasured record, and one farther than the nearest measured")
    func oracleCatchesDistances() {
        let measured = [Self.object("chair", 0.9, metres: 1.2)]
        let unmeasured = [Self.object("chair", 0.9, metres: nil)]
        func narration(_ text: String) -> Narration {
            Narration(sentences: [NarratedSentence(stream: .sight, certainty: .high, text: text, recordIndices: [0], source: .composer)],
                      report: NarrationReport())
        }
        #expect(GroundingOracle().breaches(of: narration("It looks like there's a chair, about 1 metre away."), records: measured, locale: .en).isEmpty)
        #expect(!GroundingOracle().breaches(of: narration("It looks like there's a chair, about 1 metre away."), records: unmeasured, locale: .en).isEmpty)
        #expect(!GroundingOracle().breaches(of: narration("It looks like there's a chair, about 3 metres away."), records: measured, locale: .en).isEmpty)
    }
}
