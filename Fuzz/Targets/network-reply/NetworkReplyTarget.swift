import Foundation
import FuzzSupport
import SenseBridgeCore
import SenseBridgeTesting

/// A provider's reply body as the network composer reads it (`ProviderReply`, in both
/// shapes, with and without structured output asked for), and the phrase it yields
/// narrated as the host narrates a network composer's phrase. Guards: a body is refused
/// with a reason code and a message, or yields a bounded phrase; what is then spoken
/// keeps the grounding rule (`GroundingOracle`) and hides no detection, whatever the
/// server wrote.
let oracle = GroundingOracle(universe: FuzzScene.labels)
let reasons: Set<String> = ["malformed-reply", "model-refused", "empty-reply", "format-ignored"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNetworkReply(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let shape = ProviderReply.Shape.allCases[input.choose(ProviderReply.Shape.allCases.count)]
    let wantsJSON = input.bool()
    let locale = SpokenLocale.allCases[input.choose(SpokenLocale.allCases.count)]
    let detail = SpokenDetail.allCases[input.choose(SpokenDetail.allCases.count)]
    var scene = FuzzInput(input.chunk(maximum: 32))
    let records = FuzzScene.records(&scene)
    // The records the phrase claims to cover: any of them, as a careless plugin might.
    let covered = records.indices.filter { _ in input.bool() }
    let text: String
    do {
        text = try ProviderReply.phrase(from: input.restData(), shape: shape, wantsJSON: wantsJSON, formatName: "json_schema")
    } catch {
        fuzzCheck(reasons.contains(error.reason), "a refusal with an unknown reason code '\(error.reason)'")
        fuzzCheck(error.message.hasSuffix("nothing from it was used."), "a refusal that does not say nothing was used")
        return 0
    }
    fuzzCheck(!text.isEmpty && text.count <= ProviderReply.maximumCharacters, "a phrase of \(text.count) characters taken")
    let phrase = SubjectPhrase(stream: .sight, text: text, recordIndices: covered)
    let narration = SceneNarrator.narrate(records: records, composerPhrases: [phrase], locale: locale, detail: detail)
    let breaches = oracle.breaches(of: narration, records: records, locale: locale)
    fuzzCheck(breaches.isEmpty, "the grounding rule is broken: \(breaches)")
    let hidden = GroundingOracle.hiddenDetections(in: narration, records: records, locale: locale, detail: detail)
    fuzzCheck(hidden.isEmpty, "\(hidden), which the label list names, not said")
    return 0
}
