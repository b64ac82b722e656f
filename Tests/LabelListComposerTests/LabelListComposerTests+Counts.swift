import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// Things of one kind counted by the built label-list library, at every detail level
/// the host asks for, in en, es and vi, and accepted as they are by the narrator.
extension LabelListComposerTests {
    static let countedScene = [
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
        PerceptionRecord(kind: .object, label: "dog", confidence: 0.85),
        PerceptionRecord(kind: .object, label: "chair", confidence: 0.88),
        PerceptionRecord(kind: .object, label: "dog", confidence: 0.5),
        PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.9),
        PerceptionRecord(kind: .sound, label: "dog_barking", confidence: 0.85),
    ]

    static let countedExpected: [SpokenLocale: [String]] = [
        .en: ["It looks like there are two chairs.", "There might be two dogs, but I'm not sure.", "It sounds like a dog barking."],
        .es: ["Parece que hay dos sillas.", "Quizás haya dos perros, aunque no es seguro.", "Suena como un perro ladrando."],
        .vi: ["Có vẻ như có hai cái ghế.", "Có lẽ có hai con chó, nhưng tôi không chắc.", "Nghe như có tiếng chó sủa."],
    ]

    @Test(arguments: SpokenLocale.allCases.flatMap { locale in SpokenDetail.allCases.map { (locale, $0) } })
    func countsAtEveryDetailLevel(locale: SpokenLocale, detail: SpokenDetail) throws {
        let result = try composer.compose(records: Self.countedScene, locale: locale.rawValue,
                                          maximumWords: detail.maximumPhraseWords(labelCount: detail.maximumLabels),
                                          maximumLabels: detail.maximumLabels, deadline: .max)
        let phrases = result.compactMap(\.phrase)
        #expect(phrases.map(\.recordIndices) == [[0, 2], [1, 3], [4]], "both chairs, both dogs (hedged as the weaker), one sound")
        let narration = SceneNarrator.narrate(records: Self.countedScene, composerPhrases: phrases, locale: locale, detail: detail)
        #expect(narration.report.composerFailures.isEmpty, "the library's counts pass the host's grounding")
        #expect(narration.sentences.map(\.certainty) == [.high, .low, .high])
        #expect(narration.spokenText == Self.countedExpected[locale]!)
        #expect(GroundingOracle().breaches(of: narration, records: Self.countedScene, locale: locale).isEmpty)
    }
}
