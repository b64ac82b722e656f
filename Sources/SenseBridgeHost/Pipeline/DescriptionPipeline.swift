import Foundation
import SenseBridgeCore

/// The one description pipeline every command uses: composer (or network composition
/// behind the consent gates) -> the narrator's judgement of every phrase -> fallback
/// for what it refuses -> the hedged sentences, plus a measurement for depth records.
///
/// What is said comes only from the narrator. Every composer is untrusted (a third
/// party's library, a remote model): a failure, a timeout or a malformed result falls
/// back to the fallback composer for the whole moment, and a refused phrase falls back
/// for its own records. If even the fallback plugin fails, the built-in label list
/// speaks: the host is never silent because a plugin broke.
///
/// `describe` is called from one thread at a time (a walk composes single-flight);
/// `cancel` from any thread.
/// Unchecked Sendable: every stored property is immutable, and the composers it calls allow one caller at a time, which single-flight gives.
public final class DescriptionPipeline: @unchecked Sendable {
    public let composer: PhraseComposing
    public let fallback: PhraseComposing?
    public let network: NetworkComposing?
    public let locale: SpokenLocale
    public let detail: SpokenDetail
    public let purpose: CompositionPurpose
    private let log: HostLog
    /// What the person was last told about the composer, so a loss and a return are each
    /// said once when they happen, never once a moment.
    private let composerSaid = Locked(ComposerSaid.working)

    private enum ComposerSaid {
        case working
        /// Said stopped; a restarted runner that answers is said back.
        case stopped
        /// Said off for the rest of the session; nothing more is said.
        case off
    }

    public init(composer: PhraseComposing, fallback: PhraseComposing?, network: NetworkComposing? = nil,
                locale: SpokenLocale, detail: SpokenDetail, purpose: CompositionPurpose = .describe, log: HostLog = .shared) {
        self.log = log
        self.composer = composer
        self.fallback = fallback
        self.network = network
        self.locale = locale
        self.detail = detail
        self.purpose = purpose
    }

    /// How long one composer call may take; one-shot description affords more than a walk.
    public var timeout: TimeInterval { purpose.timeoutSeconds }

    /// What to say when the session starts (only when network composition was wanted).
    public func sessionStart() -> [StatusAnnouncement] {
        network?.sessionStart(locale: locale) ?? []
    }

    /// One moment's description. At the detailed level the on-device composer is asked
    /// once per part of the view (`NarrationPart`: the things on the left, ahead, on the
    /// right, then the rest), each with a deadline of its own: a composer that answers
    /// within its timeout is never stopped because the host asked it more than once. The
    /// network is asked once about every record, as at every level, and its phrases are
    /// shared out among the parts: a request per part would tell a server which things
    /// are together and, by their order, where (Invariant 3: labels only), and spend the
    /// request budget several times over. The first failure is the outcome's; every one
    /// is logged, and a lost composer said once.
    public func describe(_ records: [PerceptionRecord]) -> DescriptionOutcome {
        var moment = Moment()
        let fallbackPhrases = NarrationFallback { records, stream, indices in
            self.fallbackPhrases(records, stream: stream, indices: indices)
        }
        let shared: [(part: NarrationPart, phrases: [ProposedPhrase])]? = network.map { _ in
            let parts = NarrationPart.parts(of: records, detail: detail)
            return Array(zip(parts, NarrationPart.share(propose(records, into: &moment), among: parts)))
        }
        let narration = SceneNarrator.narrate(records: records, locale: locale, detail: detail, fallback: fallbackPhrases) { part, subset in
            if let shared { return shared.first { $0.part == part }?.phrases ?? [] }
            return propose(subset, into: &moment)
        }
        logRefusals(narration.report)
        return DescriptionOutcome(narration: narration, composerFailure: moment.composerFailure, measurement: measurement(records),
                                  announcements: moment.announcements, network: moment.network,
                                  nothingRecognized: Phrasing.nothingRecognized(locale: locale))
    }

    /// What the composer calls of one moment came to, across its parts.
    private struct Moment {
        var composerFailure: ComposerFailure?
        var announcements: [StatusAnnouncement] = []
        var network: NetworkUse?
    }

    /// The network's phrases for `records` (a whole moment), or the composer's (one
    /// part's); none when it failed, so the narrator's fallback speaks for them.
    private func propose(_ records: [PerceptionRecord], into moment: inout Moment) -> [ProposedPhrase] {
        do {
            if let network {
                let proposal = try network.propose(CompositionRequest(records: records, locale: locale, detail: detail, purpose: purpose))
                moment.announcements += proposal.announcements
                moment.network = proposal.network
                return proposal.phrases
            }
            let maximumWords = detail.maximumPhraseWords(labelCount: detail.maximumLabels)
            let phrases = try composer.proposePhrases(records: records, locale: locale.rawValue, maximumWords: maximumWords,
                                                      maximumLabels: detail.maximumLabels, deadline: deadline())
            if let notice = returnNotice() { moment.announcements.append(notice) }
            return phrases
        } catch {
            let failure = ComposerFailure(error)
            if moment.composerFailure == nil { moment.composerFailure = failure }
            var fields: [HostLog.Field] = [.public("reason", failure.reason)]
            if let stopped = error as? PluginStopped {
                // A walk prints nothing else about it: the terminal learns here which
                // plugin ended and how (host words only; its stderr tail stays out).
                fields += [.public("plugin", stopped.pluginID), .public("ended", stopped.summary)]
                if let notice = lossNotice(stopped) { moment.announcements.append(notice) }
            }
            log.event(.warning, "narration.composer-failed", fields)
            return []
        }
    }

    /// A composer the host stopped (crashed, hung, garbled its pipe) is said once when
    /// it stops, and once more when it stays off for good: the person hears that
    /// descriptions got simpler and why, not one notice per moment. Each crash a restart
    /// budget allows is a moment of fallback the person was already told about.
    private func lossNotice(_ stopped: PluginStopped) -> StatusAnnouncement? {
        let status: SpokenStatus? = composerSaid.withLock { said in
            if case .stayedOff = stopped.cause {
                guard said != .off else { return nil }
                said = .off
                return .composerOff
            }
            guard said == .working else { return nil }
            said = .stopped
            return .composerStopped
        }
        return status.map { StatusAnnouncement(text: Phrasing.status($0, locale: locale)) }
    }

    /// A composer said stopped that answers again (a restarted runner) is said back once,
    /// so the person knows the descriptions are its own again.
    private func returnNotice() -> StatusAnnouncement? {
        let returned = composerSaid.withLock { said in
            guard said == .stopped else { return false }
            said = .working
            return true
        }
        return returned ? StatusAnnouncement(text: Phrasing.status(.composerReturned, locale: locale)) : nil
    }

    /// One debug event per refused phrase: the reason code is ours and public; the
    /// word may be the composer's text or a label, so it is private.
    private func logRefusals(_ report: NarrationReport) {
        let refusals = report.composerFailures.map { ("composer", $0) } + report.fallbackFailures.map { ("fallback", $0) }
        for (source, failure) in refusals {
            var fields: [HostLog.Field] = [.public("source", source), .public("stream", failure.stream.name),
                                           .public("reason", failure.reason.code)]
            if let index = failure.phraseIndex { fields.append(.public("phrase", String(index))) }
            if let word = failure.word { fields.append(.private("word", word)) }
            log.event(.debug, "narration.phrase-refused", fields)
        }
    }

    private func deadline() -> UInt64 {
        MonotonicClock.nanoseconds() + UInt64(timeout * 1e9)
    }

    /// Cancels a network request in flight (a session stopping); safe from any thread.
    /// The on-device composer is left to finish within its deadline: the session waits
    /// for it before the instance is destroyed.
    public func cancel() {
        network?.cancel()
    }

    private func compose(with instance: PhraseComposing, _ records: [PerceptionRecord]) throws -> [SubjectPhrase] {
        try instance.composePhrases(records: records, locale: locale.rawValue,
                                    maximumWords: detail.maximumPhraseWords(labelCount: detail.maximumLabels),
                                    maximumLabels: detail.maximumLabels, deadline: deadline())
    }

    /// Replacement phrases for the records at `indices`, from the fallback plugin asked
    /// about exactly those records; the built-in label list when it fails.
    private func fallbackPhrases(_ records: [PerceptionRecord], stream: PerceptionStream, indices: [Int]) -> [SubjectPhrase] {
        let builtIn = { NarrationFallback.labelList(locale: self.locale, detail: self.detail).phrases(records, stream, indices) }
        guard let fallback else { return builtIn() }
        let subset = indices.map { records[$0] }
        guard let phrases = try? compose(with: fallback, subset) else { return builtIn() }
        let mapped = phrases.filter { $0.stream == stream }.map { phrase in
            SubjectPhrase(stream: phrase.stream, text: phrase.text,
                          recordIndices: phrase.recordIndices.compactMap { subset.indices.contains($0) ? indices[$0] : nil })
        }
        // A fallback plugin is a plugin too: if it says nothing usable, the built-in
        // list speaks, rather than the narrator dropping the stream into silence. Usable
        // means what the narrator itself will accept, grounding included.
        let usable = !mapped.isEmpty
            && SceneNarrator.firstRefusal(among: mapped, records: records, locale: locale, detail: detail) == nil
        return usable ? mapped : builtIn()
    }

    /// The nearest depth reading, said as a measurement; never "clear" or "nothing".
    private func measurement(_ records: [PerceptionRecord]) -> String? {
        let depth = records.filter { $0.kind == .depth }
        guard !depth.isEmpty else { return nil }
        guard let nearest = depth.compactMap(\.distanceMetres).min() else { return Phrasing.couldNotMeasure(locale: locale) }
        return Phrasing.nearestMeasurement(atDistance: nearest, locale: locale)
    }
}
