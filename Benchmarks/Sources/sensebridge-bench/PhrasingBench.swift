import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Issue 14's phrasing budget: the label list's phrases and the narrator's sentences for
/// one moment of the kitchen scene (seven records: four objects, a sound, a sign and a
/// depth reading), against a goal of 100 µs for both.
///
/// Warm is a detector repeating itself, the usual case: the validator's verdicts and the
/// label list's nameability are remembered. Cold forgets both before every moment
/// (`PhraseValidator.forgetRememberedVerdicts`), so every phrase is validated and every
/// label judged afresh: the figure for a scene that changes every moment.
func phrasingBenchmarks() {
    guard let data = try? Data(contentsOf: RepositoryPaths.root.appendingPathComponent("samples/kitchen.records.jsonl")),
          let records = try? RecordsFile.parse(data, name: "kitchen") else {
        report("phrasing: one moment of the kitchen scene", "skipped: samples/kitchen.records.jsonl unreadable")
        return
    }
    let detail = SpokenDetail.standard
    let phrases = LabelListComposition.compose(records: records, locale: .en, detail: detail)
    func compose() { _ = LabelListComposition.compose(records: records, locale: .en, detail: detail) }
    func narrate() { _ = SceneNarrator.narrate(records: records, composerPhrases: phrases, locale: .en, detail: detail) }
    func both() {
        let composed = LabelListComposition.compose(records: records, locale: .en, detail: detail)
        _ = SceneNarrator.narrate(records: records, composerPhrases: composed, locale: .en, detail: detail)
    }
    func figures(_ body: () -> Void) -> (warm: Double, cold: Double) {
        (microsecondsPerCall(iterations: 2000, body),
         microsecondsPerCall(iterations: 2000) { PhraseValidator.forgetRememberedVerdicts(); body() })
    }
    let goal = 100.0
    let composed = figures(compose), narrated = figures(narrate), total = figures(both)
    report("phrasing: label-list compose, \(records.count)-record moment", "\(format(composed.warm)) µs warm / \(format(composed.cold)) µs cold")
    report("phrasing: narrate (validate, ground, hedge) the same moment", "\(format(narrated.warm)) µs warm / \(format(narrated.cold)) µs cold")
    report("phrasing: compose + narrate one moment",
           "\(format(total.warm)) µs warm / \(format(total.cold)) µs cold  (goal ≤ \(format(goal, 0)) µs: "
           + (total.cold <= goal ? "met cold" : total.warm <= goal ? "met warm only" : "missed") + ")")
}
