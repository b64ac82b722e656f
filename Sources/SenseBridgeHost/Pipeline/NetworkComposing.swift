import SenseBridgeCore

/// Network composition as the description pipeline sees it: the seam between the
/// runtime and SenseBridgeNetwork (consent, breaker, budget, grounding of replies).
///
/// The host defines the seam and never the network: a pipeline without one composes
/// on-device only and says nothing about networks. Conformers MUST:
/// - propose phrases for the same records the pipeline was given, covering them by
///   index, for the narrator to judge like any composer's (a network phrase is never
///   spoken unjudged);
/// - return each state change the person cannot see once, as an announcement;
/// - make `cancel` safe from any thread.
public protocol NetworkComposing: AnyObject {
    /// Said when a session starts: which backend composes, or why the network is not used.
    /// Empty on every later call.
    func sessionStart(locale: SpokenLocale) -> [StatusAnnouncement]
    /// One moment's phrases, network and on-device combined; throws when the on-device
    /// composer itself failed.
    func propose(_ request: CompositionRequest) throws -> NetworkProposal
    func cancel()
}

/// What one moment asks of a composer.
public struct CompositionRequest: Sendable {
    public var records: [PerceptionRecord]
    public var locale: SpokenLocale
    /// The limits of every phrase, and the narrator's, so a proposal can be judged
    /// before it is proposed exactly as it will be judged after.
    public var detail: SpokenDetail
    public var purpose: CompositionPurpose

    public init(records: [PerceptionRecord], locale: SpokenLocale, detail: SpokenDetail, purpose: CompositionPurpose) {
        self.records = records
        self.locale = locale
        self.detail = detail
        self.purpose = purpose
    }
}

public struct NetworkProposal: Sendable {
    /// In the order to narrate, unreadable entries of the on-device composer in place.
    public var phrases: [ProposedPhrase]
    public var announcements: [StatusAnnouncement]
    /// How the network took part in this moment; nil when it was not asked.
    public var network: NetworkUse?

    public init(phrases: [ProposedPhrase], announcements: [StatusAnnouncement], network: NetworkUse?) {
        self.phrases = phrases
        self.announcements = announcements
        self.network = network
    }
}

/// What one moment's network request came to, for `describe --json`, `walk --json` and
/// the log. The codes are public by construction (ours, or a plugin's from the header's
/// closed list); `detail` may quote what a server sent, so it is for a terminal only.
public struct NetworkUse: Sendable, Equatable {
    /// True when the network's phrase replaced the on-device sight phrases.
    public var used: Bool
    /// Why it was not used: "http-500", "timeout", "refused:record-not-named", …
    public var reason: String?
    /// The structured-output mode of the last request ("json_schema", "json_object",
    /// "text"); nil for a composer that does not negotiate.
    public var format: String?
    /// The modes refused on the way, as "mode:code".
    public var refusedFormats: [String]
    public var detail: String?

    public init(used: Bool, reason: String?, format: String?, refusedFormats: [String] = [], detail: String? = nil) {
        self.used = used
        self.reason = reason
        self.format = format
        self.refusedFormats = refusedFormats
        self.detail = detail
    }
}

/// A state change said once through every output (Invariant 6), already in the
/// session's language. Urgent ones interrupt, so they are not lost behind a description.
public struct StatusAnnouncement: Equatable, Sendable {
    public var text: String
    public var isUrgent: Bool

    public init(text: String, isUrgent: Bool = false) {
        self.text = text
        self.isUrgent = isUrgent
    }

    /// The message every render target of the profile receives.
    public func message(locale: SpokenLocale, sessionTime: Double = 0, sequence: UInt64 = 0) -> OutputMessage {
        OutputMessage(signal: .status, text: text, locale: locale, isUrgent: isUrgent, sessionTime: sessionTime, sequence: sequence)
    }
}
