import Foundation
import Testing
@testable import SenseBridgeCore
import SenseBridgeTesting

/// Thousands of random scenes and lying composer outputs, in every locale and detail
/// level, through the narrator: nothing spoken names a thing the scene does not hold,
/// no hedge is surer than the weakest thing its sentence names, and nothing the label
/// list would say is hidden. The oracle (`GroundingOracle`) is written from the
/// vocabulary as data, not from the grounding code, so the test does not simply agree
/// with what it checks; the composer-result fuzz target asks it the same questions.
@Suite("Grounding property")
struct GroundingPropertyTests {
    static let oracle = GroundingOracle(universe: GroundingScenarioGenerator.sightLabels + GroundingScenarioGenerator.soundLabels)

    @Test("≥6,000 lying phrases in all locales: nothing undetected is named, no hedge is surer than its weakest name")
    func lyingComposers() {
        var generator = GroundingScenarioGenerator(seed: 0x6120_0D1E)
        var phrasesTried = 0, accepted = 0, sentencesChecked = 0
        for round in 0..<3_300 {
            let locale = SpokenLocale.allCases[round % 3]
            let detail = SpokenDetail.allCases[(round / 3) % 3]
            let records = generator.scene()
            let phrases = generator.phrases(for: records, locale: locale)
            phrasesTried += phrases.count
            let narration = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: locale, detail: detail)
            accepted += narration.report.acceptedComposerPhrases
            let scene = "round \(round) \(locale) \(records.map { "\($0.label) \($0.confidence)" }) \(phrases.map(\.text))"
            sentencesChecked += narration.sentences.filter { $0.stream != .text }.count
            let breaches = Self.oracle.breaches(of: narration, records: records, locale: locale)
            #expect(breaches.isEmpty, "\(breaches) in \(scene)")
            let hidden = GroundingOracle.hiddenDetections(in: narration, records: records, locale: locale, detail: detail)
            #expect(hidden.isEmpty, "\(hidden), which the label list names, not said in \(scene)")
        }
        #expect(phrasesTried >= 6_000)
        #expect(sentencesChecked >= 6_000)
        // Mostly lies, so the refusals are what is tested; some honest, so acceptance is too.
        let ratio = Double(accepted) / Double(phrasesTried)
        #expect(ratio < 0.4 && ratio > 0.05, "accepted \(accepted) of \(phrasesTried)")
    }

    /// The label list is the fallback for every refusal: its own phrases must always
    /// ground, or a refused lie would leave silence instead of the truth.
    @Test("the label list's phrases always ground, in every locale and detail level")
    func labelListAlwaysGrounds() {
        var generator = GroundingScenarioGenerator(seed: 0x1AB3_1157)
        var phrases = 0
        for round in 0..<1_800 {
            var records = generator.scene()
            if generator.chance(0.3) {
                records.append(PerceptionRecord(kind: .text, label: generator.pick(["EXIT", "Main St", "Café Sol"]), confidence: 0.9))
            }
            let locale = SpokenLocale.allCases[round % 3]
            let detail = SpokenDetail.allCases[(round / 3) % 3]
            let listed = LabelListComposition.compose(records: records, locale: locale, detail: detail)
            phrases += listed.count
            let narration = SceneNarrator.narrate(records: records, composerPhrases: listed, locale: locale, detail: detail)
            #expect(narration.report.composerFailures.isEmpty, "\(locale) \(detail) \(records) → \(listed): \(narration.report.composerFailures)")
            #expect(narration.report.fallbackFailures.isEmpty)
            #expect(narration.report.acceptedComposerPhrases == listed.count)
        }
        #expect(phrases >= 2_000)
    }
}
