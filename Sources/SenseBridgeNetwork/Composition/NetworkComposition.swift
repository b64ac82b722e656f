import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// Composes one tick's phrases: on-device always, the network composer when the resolver
/// allows it, and the network phrase only if the narrator would speak it as written
/// (`ReplyJudgement`: the validator and the grounding rule every composer's phrase
/// takes). A rejected reply is a failure like any other; it is never spoken.
///
/// The network composer receives `NetworkPayload` records only (object labels, no
/// confidence, box or distance). Sound and text phrases always come from on-device.
public final class NetworkComposition: Sendable {
    public let resolver: NetworkRouter
    private let onDevice: PhraseComposing
    private let network: NegotiatingComposer?
    private let clock: @Sendable () -> UInt64
    private let log: HostLog

    public enum Source: Equatable, Sendable { case onDevice, network }

    public struct Result: Sendable {
        /// Indices into the records passed to `compose`; their confidences set the hedge.
        /// The on-device composer's unreadable entries stay in place for the narrator to report.
        public var phrases: [ProposedPhrase]
        /// True when `phrases[0]` is the network's sight phrase (it replaced the on-device ones).
        public var usesNetworkPhrase: Bool
        /// Status messages to deliver now (state changes, each said once).
        public var announcements: [ReasoningAnnouncement]
        public var route: NetworkRouter.Route
        /// How the network took part; nil when it was not asked this moment.
        public var network: NetworkUse?

        /// The public reason code when the network was asked and its phrase not used.
        public var networkFailure: String? { network?.reason }

        public func source(of index: Int) -> Source {
            index == 0 && usesNetworkPhrase ? .network : .onDevice
        }
    }

    /// `network` is asked as it is; negotiation needs `NegotiatingComposer(factory:…)`.
    public convenience init(onDevice: PhraseComposing, network: PhraseComposing?, resolver: NetworkRouter,
                            clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nanoseconds, log: HostLog = .shared) {
        self.init(onDevice: onDevice, negotiating: network.map { NegotiatingComposer(single: $0) }, resolver: resolver,
                  clock: clock, log: log)
    }

    public init(onDevice: PhraseComposing, negotiating network: NegotiatingComposer?, resolver: NetworkRouter,
                clock: @escaping @Sendable () -> UInt64 = MonotonicClock.nanoseconds, log: HostLog = .shared) {
        precondition(network != nil || !resolver.networkAvailable, "NetworkComposition: a resolver with network needs a network composer")
        self.onDevice = onDevice
        self.network = network
        self.resolver = resolver
        self.clock = clock
        self.log = log
    }

    public func compose(records: [PerceptionRecord], locale: SpokenLocale, detail: SpokenDetail,
                        purpose: CompositionPurpose) throws -> Result {
        let maximumWords = detail.maximumPhraseWords(labelCount: detail.maximumLabels)
        let labels = NetworkPayload.labels(from: records, maximumLabels: detail.maximumLabels)
        // Nothing to send, or things to count that a provider sent each label once cannot:
        // no request, no budget spent, and no failure counted against the provider.
        let wantsNetwork = !labels.isEmpty && !NetworkPayload.holdsThingsToCount(in: records, labels: labels)
        var (route, announcements) = resolver.nextTick(wantsNetwork: wantsNetwork)
        var networkPhrase: SubjectPhrase?
        var use: NetworkUse?
        if case .network = route, let network {
            let deadline = clock() + UInt64(purpose.timeoutSeconds * 1e9)
            switch attempt(network, labels: labels, records: records, locale: locale, detail: detail, deadline: deadline) {
            case .success(let phrase, let reply):
                networkPhrase = phrase
                use = NetworkUse(used: true, reason: nil, format: reply.mode?.rawValue, refusedFormats: FormatNegotiation.describe(reply.refused))
                announcements += resolver.finish(.success)
            case .failure(let failure):
                use = NetworkUse(used: false, reason: failure.reason.code, format: failure.mode?.rawValue,
                                 refusedFormats: FormatNegotiation.describe(failure.refused), detail: failure.reason.detail)
                announcements += resolver.finish(failure.cancelled ? .abandoned : .failure(failure.reason.kind))
                // The code is ours or from the header's closed list; the detail may quote the reply.
                log.event(.warning, "reasoning.network-phrase-unused", [
                    .public("reason", failure.reason.code), .public("format", failure.mode?.rawValue ?? "-"),
                    .private("detail", failure.reason.detail),
                ])
            }
        }
        let deadline = clock() + UInt64(purpose.timeoutSeconds * 1e9)
        var phrases = try onDevice.proposePhrases(records: records, locale: locale.rawValue, maximumWords: maximumWords,
                                                  maximumLabels: detail.maximumLabels, deadline: deadline)
        if let networkPhrase {
            phrases.removeAll { $0.stream == .sight }
            phrases.insert(.phrase(networkPhrase), at: 0)
        }
        // Stable: the network's sight phrase stays first of the streams, which sort sight first.
        phrases = phrases.enumerated().sorted { (($0.element.stream ?? .sight), $0.offset) < (($1.element.stream ?? .sight), $1.offset) }
            .map(\.element)
        return Result(phrases: phrases, usesNetworkPhrase: networkPhrase != nil, announcements: announcements,
                      route: route, network: use)
    }

    /// Cancels an in-flight network request (session stopping); safe from any thread.
    public func cancel() {
        network?.cancel()
    }

    private enum Attempt {
        case success(SubjectPhrase, NegotiatingComposer.Reply)
        case failure(NegotiatingComposer.Failure)
    }

    private func attempt(_ network: NegotiatingComposer, labels: [String], records: [PerceptionRecord], locale: SpokenLocale,
                         detail: SpokenDetail, deadline: UInt64) -> Attempt {
        let reply: NegotiatingComposer.Reply
        do {
            reply = try network.request(records: NetworkPayload.records(for: labels), locale: locale.rawValue,
                                        maximumWords: detail.maximumPhraseWords(labelCount: labels.count),
                                        maximumLabels: labels.count, deadline: deadline,
                                        mayAskAgain: { resolver.spendAnotherRequest() })
        } catch {
            return .failure(error)
        }
        func refuse(_ reason: NetworkFailureReason) -> Attempt {
            .failure(NegotiatingComposer.Failure(reason: reason, mode: reply.mode, refused: reply.refused, cancelled: false))
        }
        let phrases = reply.phrases
        let sight = phrases.filter { $0.stream == .sight }
        guard sight.count == 1, phrases.count == 1 else { return refuse(.wrongPhraseCount(phrases.count)) }
        // The reply covers every record whose label was sent; their confidences, not the
        // provider's word, set the hedge, and the narrator checks it names each of them.
        let phrase = SubjectPhrase(stream: .sight, text: sight[0].text,
                                   recordIndices: NetworkPayload.coveredIndices(in: records, labels: labels))
        if let refusal = ReplyJudgement.refusal(of: phrase, records: records, locale: locale, detail: detail) {
            return refuse(.refused(refusal.code, detail: "the reply was refused: \(refusal.explanation)"))
        }
        return .success(phrase, reply)
    }
}

/// The description pipeline's seam, over the resolver: the network asked when the breaker
/// and budget allow, the on-device composer always, announcements in the session's language.
extension NetworkComposition: NetworkComposing {
    public func sessionStart(locale: SpokenLocale) -> [StatusAnnouncement] {
        resolver.sessionStart().map { $0.status(locale) }
    }

    public func propose(_ request: CompositionRequest) throws -> NetworkProposal {
        let result = try compose(records: request.records, locale: request.locale, detail: request.detail, purpose: request.purpose)
        return NetworkProposal(phrases: result.phrases, announcements: result.announcements.map { $0.status(request.locale) },
                               network: result.network)
    }
}
