import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// Drives a `SceneComposerPlugin` in-process, and judges every batch of phrases
/// with the host's validator, so a unit test fails where the real host would have
/// discarded the phrase.
///
/// ```swift
/// let host = try EmbeddedComposerHost(LabelList.self)
/// let phrases = try host.compose([PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)])
/// #expect(phrases.map(\.text) == ["a chair"])
/// try host.finish()
/// ```
public final class EmbeddedComposerHost<Composer: SceneComposerPlugin> {
    public let services: EmbeddedHostServices
    public private(set) var composer: Composer?
    private let validator: CompositionJudging
    private var requests: [ComposeRequest] = []
    private var outbound: [[ComposedPhrase]] = []
    private var brokenRules: [String] = []
    /// The compose in progress, so `cancel` marks its checkpoint as PluginKit's thunk does.
    private let calls: CallInProgress

    /// Deadlines the host gives when a request does not set one: on the embedded
    /// clock, which stands still unless the test advances it.
    public static var defaultBudget: UInt64 { EmbeddedDeadline.defaultBudget }

    public init(_ type: Composer.Type = Composer.self, config: PluginConfig = PluginConfig("{}"),
                services: EmbeddedHostServices? = nil,
                validator: CompositionJudging = NarratorJudge()) throws {
        // Without services of its own, the plugin gets a table carrying its config.
        let services = services ?? EmbeddedHostServices(config: config)
        self.services = services
        self.validator = validator
        calls = CallInProgress(clock: services.hostServices)
        composer = try Composer(host: services.hostServices, config: config)
    }

    private var live: Composer {
        guard let composer else { preconditionFailure("EmbeddedComposerHost was used after finish()") }
        return composer
    }

    /// Makes a request with the host's defaults and a deadline `defaultBudget` from now.
    public func request(_ records: [PerceptionRecord], locale: String = "en", maximumWords: Int = 12,
                        maximumLabels: Int = 5) -> ComposeRequest {
        ComposeRequest(records: records, localeIdentifier: locale, maximumWords: maximumWords,
                       maximumLabels: maximumLabels, deadline: services.now + Self.defaultBudget)
    }

    public func send(_ request: ComposeRequest) { requests.append(request) }

    /// Composes the oldest sent request and puts its phrases in the outbound buffer;
    /// false when nothing was sent. Phrases the validator would discard are recorded
    /// as broken rules (see `takeBrokenRules`), not thrown, so one test can look at both.
    @discardableResult
    public func composeNext() throws -> Bool {
        guard !requests.isEmpty else { return false }
        let sent = requests.removeFirst()
        // The call's own checkpoint on the embedded clock, as the real host's thunk gives one.
        let checkpoint = calls.begin(deadline: sent.deadline)
        defer { calls.end(checkpoint) }
        let request = ComposeRequest(records: sent.records, localeIdentifier: sent.localeIdentifier,
                                     maximumWords: sent.maximumWords, maximumLabels: sent.maximumLabels, checkpoint: checkpoint)
        let phrases = try live.compose(request)
        let judged = PhraseRequest(records: request.records, locale: request.localeIdentifier,
                                   maximumWords: request.maximumWords, maximumLabels: request.maximumLabels)
        brokenRules += validator.problems(with: phrases,
                                          for: judged)
        if let late = EmbeddedDeadline.overrun("compose", now: services.now, deadline: request.deadline) {
            brokenRules.append(late)
        }
        outbound.append(phrases)
        return true
    }

    /// The oldest batch of composed phrases; nil when none is waiting.
    public func readPhrases() -> [ComposedPhrase]? {
        outbound.isEmpty ? nil : outbound.removeFirst()
    }

    /// Sends, composes and reads one request.
    public func compose(_ records: [PerceptionRecord], locale: String = "en", maximumWords: Int = 12,
                        maximumLabels: Int = 5) throws -> [ComposedPhrase] {
        precondition(requests.isEmpty && outbound.isEmpty, "compose(_:) with queued requests or unread phrases would read the wrong batch")
        send(request(records, locale: locale, maximumWords: maximumWords, maximumLabels: maximumLabels))
        try composeNext()
        return readPhrases()!
    }

    /// [any-thread] as in the real host.
    public func cancel() {
        calls.cancel()
        live.cancel()
    }

    /// The rules broken so far, which then no longer count as leftovers: a test that
    /// expects a phrase to be rejected takes the problem and checks it.
    public func takeBrokenRules() -> [String] {
        defer { brokenRules.removeAll() }
        return brokenRules
    }

    /// Releases the composer; throws `EmbeddedHostLeftovers` listing requests never
    /// composed, phrases never read, rules broken and not taken, or an instance that
    /// outlived the host.
    public func finish() throws {
        var leftovers: [Leftover] = []
        if !requests.isEmpty { leftovers.append(.uncomposedRequests(requests.count)) }
        if !outbound.isEmpty { leftovers.append(.unreadPhrases(batches: outbound.count)) }
        leftovers += brokenRules.map(Leftover.brokenRule)
        requests.removeAll()
        outbound.removeAll()
        brokenRules.removeAll()
        if let notDestroyed = InstanceRelease.check(&composer) { leftovers.append(notDestroyed) }
        if !leftovers.isEmpty { throw EmbeddedHostLeftovers(leftovers: leftovers) }
    }
}
