import Foundation
import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

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
            Self.judge(narration, records: records, locale: locale, detail: detail, scene: scene)
        }
        #expect(phrasesTried >= 6_000)
        #expect(sentencesChecked >= 6_000)
        // Mostly lies, so the refusals are what is tested; some honest, so acceptance is too.
        let ratio = Double(accepted) / Double(phrasesTried)
        #expect(ratio < 0.4 && ratio > 0.05, "accepted \(accepted) of \(phrasesTried)")
    }

    /// The oracle's two questions of one narration: nothing ungrounded, nothing hidden.
    static func judge(_ narration: Narration, records: [PerceptionRecord], locale: SpokenLocale, detail: SpokenDetail,
                      scene: String) {
        let breaches = oracle.breaches(of: narration, records: records, locale: locale)
        #expect(breaches.isEmpty, "\(breaches) in \(scene)")
        let hidden = GroundingOracle.hiddenDetections(in: narration, records: records, locale: locale, detail: detail)
        #expect(hidden.isEmpty, "\(hidden), which the label list names, not said in \(scene)")
    }

    /// At the detailed level the composer is asked about each part of the view on its
    /// own, and lies about each: the oracle reads every sentence at its position, so a
    /// count or a hedge that spans two places, or a position a record's box does not
    /// hold, is a breach.
    @Test("≥3,000 lying phrases at the detailed level with boxes: every part grounded, placed where its boxes are")
    func lyingComposersByPosition() {
        var generator = GroundingScenarioGenerator(seed: 0x90_5171_0E)
        var phrasesTried = 0, accepted = 0, positioned = 0
        for round in 0..<1_500 {
            let locale = SpokenLocale.allCases[round % 3]
            let records = PlacedScene.place(generator.scene(), using: &generator.random)
            var asked: [[String]] = []
            let narration = SceneNarrator.narrate(records: records, locale: locale, detail: .detailed) { _, part in
                let phrases = generator.phrases(for: part, locale: locale)
                phrasesTried += phrases.count
                asked.append(phrases.map(\.text))
                return phrases.map(ProposedPhrase.phrase)
            }
            accepted += narration.report.acceptedComposerPhrases
            positioned += narration.sentences.filter { $0.position != nil }.count
            let scene = "round \(round) \(locale) \(records.map { "\($0.label) \($0.confidence) \(String(describing: $0.box))" }) \(asked)"
            Self.judge(narration, records: records, locale: locale, detail: .detailed, scene: scene)
            let misplaced = PlacedScene.positionBreaches(narration, records: records)
            #expect(misplaced.isEmpty, "\(misplaced) in \(scene)")
        }
        #expect(phrasesTried >= 3_000)
        #expect(positioned >= 1_500)
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

    /// The same for the label list asked part by part at the detailed level.
    @Test("the label list's phrases always ground part by part, placed where their boxes are")
    func labelListGroundsByPosition() {
        var generator = GroundingScenarioGenerator(seed: 0x1AB3_90_51)
        var sentences = 0
        for round in 0..<900 {
            let records = PlacedScene.place(generator.scene(), using: &generator.random)
            let locale = SpokenLocale.allCases[round % 3]
            let narration = SceneNarrator.narrate(records: records, locale: locale, detail: .detailed) { _, part in
                LabelListComposition.compose(records: part, locale: locale, detail: .detailed).map(ProposedPhrase.phrase)
            }
            sentences += narration.sentences.count
            #expect(narration.report.composerFailures.isEmpty, "\(locale) \(records): \(narration.report.composerFailures)")
            #expect(narration.report.fallbackFailures.isEmpty)
            let breaches = Self.oracle.breaches(of: narration, records: records, locale: locale)
                + PlacedScene.positionBreaches(narration, records: records)
            #expect(breaches.isEmpty, "\(breaches) in \(locale) \(records)")
        }
        #expect(sentences >= 1_000)
    }
}
