import Testing
@testable import SenseBridgeHarness
import SenseBridgeCore

/// The scenes `compose-grounding` feeds a composer hold every situation the check is
/// there for, and are the same on every run, so a reported scene number reproduces.
@Suite struct GroundingScenesTests {
    let scenes = GroundingScenes.all

    @Test func theSameScenesEveryRun() {
        #expect(scenes.map(\.records) == GroundingScenes.all.map(\.records))
        #expect(scenes.map(\.number) == Array(scenes.indices))
    }

    @Test func everyLocaleAtEveryDetailLevelsLimits() {
        for locale in SpokenLocale.allCases {
            for detail in SpokenDetail.allCases {
                let asked = scenes.filter { $0.locale == locale.rawValue && $0.detail == detail }
                #expect(asked.count == GroundingScenes.scenesPerLimit)
                #expect(asked.allSatisfy { $0.maximumLabels == detail.maximumLabels
                    && $0.maximumWords == detail.maximumPhraseWords(labelCount: detail.maximumLabels) })
            }
        }
    }

    @Test func theMixTheCheckIsThereFor() {
        let records = scenes.flatMap(\.records)
        #expect(Set(records.compactMap { Certainty(confidence: $0.confidence) }) == Set(Certainty.allCases))
        #expect(records.contains { $0.confidence < Certainty.precisionFloor })
        #expect(Set(records.map(\.kind)) == [.object, .sound])
        #expect(records.contains { SpokenVocabulary.entry(for: $0.label) == nil })
        #expect(records.contains { SpokenVocabulary.entry(for: $0.label) != nil })
        #expect(Set(scenes.map(\.records.count)) == Set(1...6))
        let twins = scenes.filter { scene in Set(scene.records.map(\.label)).count < scene.records.count }
        #expect(twins.count >= scenes.count / 4, "\(twins.count) of \(scenes.count) scenes repeat a label")
        // Most confident first, as detectors report them.
        #expect(scenes.allSatisfy { scene in zip(scene.records, scene.records.dropFirst()).allSatisfy { $0.confidence >= $1.confidence } })
    }

    @Test func aSceneIsNamedSoItCanBeRebuilt() {
        let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.91),
                       PerceptionRecord(kind: .object, label: "door", confidence: 0.5)]
        #expect(GroundingScenes.summary(records, locale: "en") == "en: chair 0.91, door 0.50")
    }
}
