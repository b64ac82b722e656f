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
    private let network: PhraseComposing?
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
        /// Why the network phrase was not used, for diagnostics; may quote the reply, so
        /// it is never logged as public.
        public var networkFailure: String?

        public func source(of index: Int) -> Source {
            index == 0 && usesNetworkPhrase ? .network : .onDevice
        }
    }

    public init(onDevice: PhraseComposing, network: PhraseComposing?, resolver: NetworkRouter,
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
        var (route, announcements) = resolver.nextTick(wantsNetwork: !labels.isEmpty)
        var networkPhrase: SubjectPhrase?
        var failure: String?
        if case .network = route, let network {
            let deadline = clock() + UInt64(purpose.timeoutSeconds * 1e9)
            switch attempt(network, labels: labels, records: records, locale: locale, detail: detail, deadline: deadline) {
            case .success(let phrase):
                networkPhrase = phrase
                announcements += resolver.finish(.success)
            case .failure(let reason, let abandoned):
                failure = reason
                announcements += resolver.finish(abandoned ? .abandoned : .failure)
                log.event(.warning, "reasoning.network-phrase-unused", [.private("reason", reason)])
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
                      route: route, networkFailure: failure)
    }

    /// Cancels an in-flight network request (session stopping); safe from any thread.
    public func cancel() {
        network?.cancel()
    }

    private enum Attempt {
        case success(SubjectPhrase)
        case failure(String, abandoned: Bool)
    }

    private func attempt(_ network: PhraseComposing, labels: [String], records: [PerceptionRecord], locale: SpokenLocale,
                         detail: SpokenDetail, deadline: UInt64) -> Attempt {
        let phrases: [SubjectPhrase]
        do {
            phrases = try network.composePhrases(records: NetworkPayload.records(for: labels), locale: locale.rawValue,
                                                 maximumWords: detail.maximumPhraseWords(labelCount: labels.count),
                                                 maximumLabels: labels.count, deadline: deadline)
        } catch let error as PluginCallError {
            return .failure(error.message, abandoned: error.isCancelled)
        } catch {
            return .failure("\(error)", abandoned: false)
        }
        let sight = phrases.filter { $0.stream == .sight }
        guard sight.count == 1, phrases.count == 1 else {
            return .failure("the network composer returned \(phrases.count) phrases; exactly one sight phrase is expected", abandoned: false)
        }
        // The reply covers every record whose label was sent; their confidences, not the
        // provider's word, set the hedge, and the narrator checks it names each of them.
        let phrase = SubjectPhrase(stream: .sight, text: sight[0].text,
                                   recordIndices: NetworkPayload.coveredIndices(in: records, labels: labels))
        if let reason = ReplyJudgement.problem(with: phrase, records: records, locale: locale, detail: detail) {
            return .failure("the reply was refused: \(reason)", abandoned: false)
        }
        return .success(phrase)
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
                               networkFailure: result.networkFailure)
    }
}
