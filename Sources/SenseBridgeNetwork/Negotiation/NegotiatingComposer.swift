import Foundation
import SenseBridgeCore
import SenseBridgeHost

/// The network composer as network composition asks it: one moment's request, in the
/// structured-output mode this endpoint and model accept, found by `FormatNegotiation`
/// and kept in `FormatMemory`.
///
/// An instance is created per mode the first time that mode is asked (a mode is create-
/// time config, so switching modes is switching instances), then reused. A composer
/// whose manifest does not declare `responseFormat` is one instance asked as it is.
/// Unchecked Sendable: `lock` guards `instances` and `asking`; the rest is immutable.
public final class NegotiatingComposer: @unchecked Sendable {
    public typealias Factory = (StructuredOutputMode?) throws -> PhraseComposing

    public struct Reply {
        public var phrases: [SubjectPhrase]
        /// nil for a composer that does not negotiate.
        public var mode: StructuredOutputMode?
        public var refused: [(mode: StructuredOutputMode, code: String)]
    }

    public struct Failure: Error {
        public var reason: NetworkFailureReason
        public var mode: StructuredOutputMode?
        public var refused: [(mode: StructuredOutputMode, code: String)]
        /// The host cancelled the call (the session is stopping): not the server's fault.
        public var cancelled: Bool
    }

    /// Below this much time left, another mode is not asked: its reply could not arrive.
    static let minimumSecondsForAnotherMode = 0.25

    private let factory: Factory
    private let memory: FormatMemory?
    private let endpoint: FormatMemory.Endpoint?
    private let log: HostLog
    /// Ignores the remembered mode and probes strictest first (`settings check-endpoint`).
    private let reprobes: Bool
    private let lock = NSLock()
    private var instances: [StructuredOutputMode?: PhraseComposing] = [:]
    private var asking: PhraseComposing?
    /// The session's negotiation, carried from one moment to the next; nil before the
    /// first and after every mode was refused.
    private var session: FormatNegotiation?

    /// Negotiates when `memory` and `endpoint` are given; otherwise asks `factory(nil)` only.
    /// `created` is an instance already made (the session's first, which proved the key
    /// and the plugin work before anything was sent).
    public init(factory: @escaping Factory, memory: FormatMemory?, endpoint: FormatMemory.Endpoint?,
                created: (mode: StructuredOutputMode?, composer: PhraseComposing)? = nil, reprobes: Bool = false,
                log: HostLog = .shared) {
        self.reprobes = reprobes
        self.factory = factory
        self.memory = memory
        self.endpoint = endpoint
        self.log = log
        if let created { instances[created.mode] = created.composer }
    }

    /// One composer asked as it is (a test's fake, a third party's network composer).
    public convenience init(single composer: PhraseComposing) {
        self.init(factory: { _ in composer }, memory: nil, endpoint: nil)
    }

    public var negotiates: Bool { memory != nil && endpoint != nil }

    /// `mayAskAgain` is asked before each further mode: the request budget's say.
    public func request(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                        deadline: UInt64, mayAskAgain: () -> Bool = { true }) throws(Failure) -> Reply {
        guard negotiates, let memory, let endpoint else {
            do {
                return Reply(phrases: try ask(nil, records, locale, maximumWords, maximumLabels, deadline), mode: nil, refused: [])
            } catch {
                throw Failure(reason: NetworkFailureReason(error), mode: nil, refused: [], cancelled: Self.isCancellation(error))
            }
        }
        var negotiation = lock.withLock { session } ?? FormatNegotiation(remembered: reprobes ? nil : memory.mode(for: endpoint))
        let refusedBefore = negotiation.refused.count
        func refusedNow() -> [(mode: StructuredOutputMode, code: String)] { Array(negotiation.refused.dropFirst(refusedBefore)) }
        func keep(_ state: FormatNegotiation?) { lock.withLock { session = state } }
        while true {
            let mode = negotiation.current
            do {
                let phrases = try ask(mode, records, locale, maximumWords, maximumLabels, deadline)
                let refused = refusedNow()
                if let found = negotiation.modeToRemember { remember(found, negotiation.refused, memory, endpoint) }
                negotiation.worked()
                keep(negotiation)
                return Reply(phrases: phrases, mode: mode, refused: refused)
            } catch {
                let reason = NetworkFailureReason(error)
                if Self.isCancellation(error) {
                    keep(negotiation)
                    throw Failure(reason: reason, mode: mode, refused: refusedNow(), cancelled: true)
                }
                let wasRemembered = mode == negotiation.remembered
                let next = negotiation.failed(with: reason.code)
                if FormatNegotiation.isAboutFormat(reason.code), wasRemembered { forget(memory, endpoint) }
                guard next != nil else {
                    // Not about the format: the next moment asks this mode again. Every
                    // mode refused: the next moment starts over.
                    keep(FormatNegotiation.isAboutFormat(reason.code) ? nil : negotiation)
                    throw Failure(reason: reason, mode: mode, refused: refusedNow(), cancelled: false)
                }
                guard Self.secondsLeft(deadline) >= Self.minimumSecondsForAnotherMode, mayAskAgain() else {
                    keep(negotiation)  // the next moment begins with the next mode
                    throw Failure(reason: reason, mode: mode, refused: refusedNow(), cancelled: false)
                }
                log.event(.info, "reasoning.format-refused", [.public("mode", mode.rawValue), .public("reason", reason.code),
                                                              .public("next", negotiation.current.rawValue)])
            }
        }
    }

    /// Safe from any thread: cancels whichever instance is being asked.
    public func cancel() {
        let current = lock.withLock { asking }
        current?.cancel()
    }

    private func ask(_ mode: StructuredOutputMode?, _ records: [PerceptionRecord], _ locale: String, _ maximumWords: Int,
                     _ maximumLabels: Int, _ deadline: UInt64) throws -> [SubjectPhrase] {
        let composer = try instance(for: mode)
        lock.withLock { asking = composer }
        defer { lock.withLock { asking = nil } }
        return try composer.composePhrases(records: records, locale: locale, maximumWords: maximumWords,
                                           maximumLabels: maximumLabels, deadline: deadline)
    }

    private func instance(for mode: StructuredOutputMode?) throws -> PhraseComposing {
        if let existing = lock.withLock({ instances[mode] }) { return existing }
        let created = try factory(mode)
        lock.withLock { instances[mode] = created }
        return created
    }

    private func remember(_ mode: StructuredOutputMode, _ refused: [(mode: StructuredOutputMode, code: String)],
                          _ memory: FormatMemory, _ endpoint: FormatMemory.Endpoint) {
        log.event(.info, "reasoning.format-found", [.public("mode", mode.rawValue),
                                                    .public("refused", FormatNegotiation.describe(refused).joined(separator: ","))])
        do {
            try memory.remember(mode, for: endpoint, refused: refused)
        } catch {
            log.event(.warning, "reasoning.format-memory-unwritable", [.public("error", "\(error)")])
        }
    }

    private func forget(_ memory: FormatMemory, _ endpoint: FormatMemory.Endpoint) {
        do {
            try memory.forget(endpoint)
        } catch {
            log.event(.warning, "reasoning.format-memory-unwritable", [.public("error", "\(error)")])
        }
    }

    private static func isCancellation(_ error: Error) -> Bool {
        (error as? PluginCallError)?.isCancelled == true
    }

    private static func secondsLeft(_ deadline: UInt64) -> Double {
        let now = MonotonicClock.nanoseconds()
        return deadline > now ? Double(deadline - now) / 1e9 : 0
    }
}
