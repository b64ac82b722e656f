import CSenseBridgeABI
import FuzzSupport
import Glibc
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgeTesting

/// A composer's result exactly as a plugin hands it over (`sb_compose_result` in C
/// memory: NULLs, hostile counts, unknown streams, invalid UTF-8, text past the byte
/// cap, indices out of range) through the host's own path: `PhraseCodec.decode`, then
/// `SceneNarrator` in en/es/vi at every detail level. Guards the grounding rule as
/// `GroundingOracle` reads it from the spoken text alone: every sight and sound sentence
/// is hedged, names only labels the records hold and no record below the floor, is no
/// surer than the weakest record it names, and no record the label list would say is
/// hidden; every phrase the ABI could not carry is reported with its reason.
let oracle = GroundingOracle(universe: FuzzScene.labels)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzComposerResult(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let locale = SpokenLocale.allCases[input.choose(SpokenLocale.allCases.count)]
    let detail = SpokenDetail.allCases[input.choose(SpokenDetail.allCases.count)]
    let records = FuzzScene.records(&input)
    let maximumWords = detail.maximumPhraseWords(labelCount: detail.maximumLabels)

    let result = CComposerResult(&input, records: records, locale: locale, maximumBytes: PhraseValidator.maximumBytes(forWords: maximumWords))
    defer { result.free() }
    let decoded = PhraseCodec.decode(result.value, maximumWords: maximumWords, recordCount: records.count)
    let unreadable = decoded.proposed.filter { $0.phrase == nil }.count
    fuzzCheck(decoded.refusal != nil ? decoded.proposed.isEmpty && !decoded.problems.isEmpty : decoded.problems.count == unreadable,
              "a refusal or an unreadable phrase without its reason, or a reason without one")
    fuzzCheck(!decoded.problems.contains(where: \.isEmpty), "a problem line that says nothing")

    let narration = SceneNarrator.narrate(records: records, proposed: decoded.proposed, locale: locale, detail: detail)
    let breaches = oracle.breaches(of: narration, records: records, locale: locale)
    fuzzCheck(breaches.isEmpty, "the grounding rule is broken: \(breaches)")
    let hidden = GroundingOracle.hiddenDetections(in: narration, records: records, locale: locale, detail: detail)
    fuzzCheck(hidden.isEmpty, "\(hidden), which the label list names, not said")
    fuzzCheck(narration.report.acceptedComposerPhrases <= decoded.phrases.count, "more phrases accepted than the plugin gave")
    return 0
}
