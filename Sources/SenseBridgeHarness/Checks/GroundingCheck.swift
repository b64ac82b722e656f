import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeHost
import SenseBridgeCore

/// `compose-grounding`: the composer's phrases say what the records are.
///
/// `compose-corpus` asks whether the host would keep a phrase's wording; this asks
/// whether the phrase names the right things, which no fixed corpus can: a composer
/// that names every label but claims only the surest record ("a chair and a door"
/// covering the chair) gives well-formed phrases to any corpus, and would lend the
/// chair's certainty to the door. So it is fed generated scenes (`GroundingScenes`) and
/// judged by the host's own narrator at `NarratorJudge.Scope.grounding`: a phrase names
/// only records it covers, names every one, and the composer leaves out nothing the
/// host's label list would have said.
enum GroundingCheck {
    static func run(_ c: CheckContext) throws -> CheckReport {
        let composer = try RawComposer(c)
        defer { composer.destroy() }
        let network = c.manifest.capabilities.usesNetwork
        let judge = NarratorJudge(scope: .grounding)
        let error = ErrorSlot()
        var problems: [String] = []
        var declined: [String] = []
        var judged = 0
        var phraseCount = 0
        for scene in GroundingScenes.all where !declined.contains(scene.locale) {
            let records = network
                ? NetworkPayload.records(for: NetworkPayload.labels(from: scene.records, maximumLabels: scene.maximumLabels))
                : scene.records
            // The host asks a network composer nothing when there is no label to send.
            guard !records.isEmpty else { continue }
            let name = "scene \(scene.number) (\(GroundingScenes.summary(records, locale: scene.locale)))"
            c.step("compose \(name), \(scene.detail.rawValue) limits")
            let request = CComposeRequest(records, locale: scene.locale, maximumWords: scene.maximumWords,
                                          maximumLabels: scene.maximumLabels)
            let (status, copy) = composer.compose(request, deadline: ComposerChecks.deadline(in: ComposerChecks.corpusDeadline),
                                                  error: error)
            if ComposeCorpus.isDecline(status, locale: scene.locale, error: error) {
                declined.append(scene.locale)
                continue
            }
            guard status == SB_OK else {
                problems.append("\(name): compose returned \(error.describe(status: status))")
                continue
            }
            judged += 1
            phraseCount += copy.phrases.count
            let asked = PhraseRequest(records: records, locale: scene.locale, maximumWords: scene.maximumWords,
                                      maximumLabels: scene.maximumLabels)
            let found = judge.problems(with: copy.phrases, for: asked)
            if !found.isEmpty { problems.append("\(name): " + found.joined(separator: "; ")) }
        }
        if !problems.isEmpty { throw CheckFailure(listing: problems) }
        var detail = "\(judged) generated scenes gave \(phraseCount) phrases, each naming only and all of the records it covers, leaving out nothing the host would say"
        if network { detail += "; as a network composer it was sent what the host sends one: object labels only" }
        return .pass(detail + ComposeCorpus.declinedNote(declined))
    }
}
