import Foundation
import SenseBridgeABICodec
import SenseBridgeCore
import SenseBridgePluginKit

/// Drives a perceiver in-process: a `PerceiverPlugin` handed pictures, or an
/// `AudioPerceiverPlugin` handed consecutive blocks of sound. Each call gets a checkpoint
/// of its own on the embedded clock, as PluginKit's thunk gives one, so `cancel()` from
/// another thread and a deadline the test moves the clock past reach the plugin as they
/// would in the host. Each result is held to the header's caps by `PerceiveCodec.validate`,
/// the rule PluginKit and the host apply, and one beyond them is thrown as
/// `EmbeddedResultRefused`: the host refuses it whole.
///
/// ```swift
/// let host = try EmbeddedPerceiverHost(SignReader.self)
/// let records = try host.perceive(ImageFrame(format: .gray8, width: 64, height: 48, pixels: sign))
/// #expect(records.map(\.label) == ["EXIT"])
/// try host.finish()
/// ```
///
/// Which input a host takes follows from the plugin's protocol: `request(_:)`, `send(_:)`
/// and `perceive(_:)` take an `ImageFrame` for a `PerceiverPlugin` and an `AudioBlock`
/// for an `AudioPerceiverPlugin`, so handing a listener a picture does not compile.
public final class EmbeddedPerceiverHost<Perceiver: AnyObject> {
    public let services: EmbeddedHostServices
    public private(set) var perceiver: Perceiver?
    private var requests: [Sent] = []
    private var outbound: [Perception] = []
    private var brokenRules: [String] = []
    /// The perceive in progress, so `cancel` marks its checkpoint as PluginKit's thunk does.
    private let calls: CallInProgress
    /// The plugin's own `cancel`, which only the protocol's initializer can name.
    private let forwardCancel: (Perceiver) -> Void

    /// A request waiting to be perceived: its deadline, and the call that hands it to the
    /// plugin with the checkpoint it is perceived under.
    private struct Sent {
        var deadline: UInt64
        var call: (Perceiver, CallCheckpoint) throws -> Perception
    }

    /// Deadlines the host gives when a request does not set one, on the embedded clock.
    public static var defaultBudget: UInt64 { EmbeddedDeadline.defaultBudget }
    /// The header's caps on one result (SB_PERCEIVE_MAX_RECORDS, SB_PERCEIVE_MAX_LABEL_BYTES),
    /// for a test of a perceiver that trims what it found to fit.
    public static var maximumRecords: Int { ABICodec.maximumPerceivedRecords }
    public static var maximumLabelBytes: Int { ABICodec.maximumPerceivedLabelBytes }

    private init(config: PluginConfig, services: EmbeddedHostServices?,
                 make: (HostServices, PluginConfig) throws -> Perceiver, cancel: @escaping (Perceiver) -> Void) throws {
        // Without services of its own, the plugin gets a table carrying its config.
        let services = services ?? EmbeddedHostServices(config: config)
        self.services = services
        calls = CallInProgress(clock: services.hostServices)
        forwardCancel = cancel
        perceiver = try make(services.hostServices, config)
    }

    private var live: Perceiver {
        guard let perceiver else { preconditionFailure("EmbeddedPerceiverHost was used after finish()") }
        return perceiver
    }

    private func enqueue(deadline: UInt64, _ call: @escaping (Perceiver, CallCheckpoint) throws -> Perception) {
        requests.append(Sent(deadline: deadline, call: call))
    }

    /// Perceives the oldest sent request and puts the result in the outbound buffer;
    /// false when nothing was sent. What the plugin throws (`cancelled`, `timeout`) is
    /// rethrown with its request off the queue, as the host would report it. A result
    /// beyond the header's caps throws `EmbeddedResultRefused`; one returned after its
    /// deadline is kept and recorded as a broken rule (see `takeBrokenRules`). Records
    /// are kept as the host keeps them: a distance on anything but a depth record is the
    /// host's to measure, and is dropped (`PerceptionRecord.withoutPluginDistance`).
    @discardableResult
    public func perceiveNext() throws -> Bool {
        guard !requests.isEmpty else { return false }
        let sent = requests.removeFirst()
        // The call's own checkpoint on the embedded clock, as the real host's thunk gives one.
        let checkpoint = calls.begin(deadline: sent.deadline)
        defer { calls.end(checkpoint) }
        let perception = try sent.call(live, checkpoint)
        if case .failure(let problem) = PerceiveCodec.validate(perception) {
            throw EmbeddedResultRefused(problem: problem.description)
        }
        if let late = EmbeddedDeadline.overrun("perceive", now: services.now, deadline: sent.deadline) {
            brokenRules.append(late)
        }
        outbound.append(Perception(records: perception.records.map(\.withoutPluginDistance), page: perception.page))
        return true
    }

    /// Perceives every sent request in order; stops at the first that throws.
    public func perceiveAll() throws {
        while try perceiveNext() {}
    }

    /// The oldest result: the records and, from a reader that turns or flattens a page,
    /// how it found the page. Nil when none is waiting.
    public func readPerception() -> Perception? {
        outbound.isEmpty ? nil : outbound.removeFirst()
    }

    /// Perceives one request sent alone and reads its records.
    private func perceiveAlone(_ send: () -> Void) throws -> [PerceptionRecord] {
        precondition(requests.isEmpty && outbound.isEmpty, "perceive(_:) with queued requests or unread results would read the wrong one")
        send()
        try perceiveNext()
        return readPerception()!.records
    }

    /// [any-thread] as in the real host: marks the perceive in progress, if any, then
    /// calls the plugin's `cancel`.
    public func cancel() {
        calls.cancel()
        forwardCancel(live)
    }

    /// The rules broken so far, which then no longer count as leftovers.
    public func takeBrokenRules() -> [String] {
        defer { brokenRules.removeAll() }
        return brokenRules
    }

    /// Releases the perceiver; throws `EmbeddedHostLeftovers` listing requests never
    /// perceived, results never read, rules broken and not taken, or an instance that
    /// outlived the host.
    public func finish() throws {
        var leftovers: [Leftover] = []
        if !requests.isEmpty { leftovers.append(.unperceivedRequests(requests.count)) }
        if !outbound.isEmpty { leftovers.append(.unreadPerceptions(outbound.count)) }
        leftovers += brokenRules.map(Leftover.brokenRule)
        requests.removeAll()
        outbound.removeAll()
        brokenRules.removeAll()
        if let notDestroyed = InstanceRelease.check(&perceiver) { leftovers.append(notDestroyed) }
        if !leftovers.isEmpty { throw EmbeddedHostLeftovers(leftovers: leftovers) }
    }
}

extension EmbeddedPerceiverHost where Perceiver: PerceiverPlugin {
    public convenience init(_ type: Perceiver.Type = Perceiver.self, config: PluginConfig = PluginConfig("{}"),
                            services: EmbeddedHostServices? = nil) throws {
        try self.init(config: config, services: services, make: { try Perceiver(host: $0, config: $1) },
                      cancel: { $0.cancel() })
    }

    /// A request with a deadline `defaultBudget` from now, stamped now unless
    /// `timestampNanoseconds` says when the picture was taken.
    public func request(_ image: ImageFrame, timestampNanoseconds: UInt64? = nil, locale: String = "en",
                        pageLocales: [String]? = nil) -> PerceiveRequest {
        PerceiveRequest(image: image, timestampNanoseconds: timestampNanoseconds ?? services.now, localeIdentifier: locale,
                        deadline: services.now + Self.defaultBudget, pageLocales: pageLocales)
    }

    /// Queues a picture; the plugin is asked through `perceivePage`, as PluginKit asks it,
    /// so a reader that turns a page reports how it found it.
    public func send(_ request: PerceiveRequest) {
        enqueue(deadline: request.deadline) { perceiver, checkpoint in
            try perceiver.perceivePage(PerceiveRequest(
                image: request.image, timestampNanoseconds: request.timestampNanoseconds,
                localeIdentifier: request.localeIdentifier, pageLocales: request.pageLocales, checkpoint: checkpoint))
        }
    }

    /// Sends, perceives and reads one picture.
    public func perceive(_ image: ImageFrame, locale: String = "en", pageLocales: [String]? = nil) throws -> [PerceptionRecord] {
        try perceiveAlone { send(request(image, locale: locale, pageLocales: pageLocales)) }
    }
}

extension EmbeddedPerceiverHost where Perceiver: AudioPerceiverPlugin {
    public convenience init(_ type: Perceiver.Type = Perceiver.self, config: PluginConfig = PluginConfig("{}"),
                            services: EmbeddedHostServices? = nil) throws {
        try self.init(config: config, services: services, make: { try Perceiver(host: $0, config: $1) },
                      cancel: { $0.cancel() })
    }

    /// A request with a deadline `defaultBudget` from now.
    public func request(_ block: AudioBlock, locale: String = "en") -> AudioPerceiveRequest {
        AudioPerceiveRequest(audio: block, localeIdentifier: locale, deadline: services.now + Self.defaultBudget)
    }

    /// Queues a block of sound; blocks are perceived in the order sent, one per call, as
    /// the host hands a listener its stream.
    public func send(_ request: AudioPerceiveRequest) {
        enqueue(deadline: request.deadline) { perceiver, checkpoint in
            Perception(records: try perceiver.perceive(AudioPerceiveRequest(
                audio: request.audio, localeIdentifier: request.localeIdentifier, checkpoint: checkpoint)))
        }
    }

    /// Sends, perceives and reads one block of sound.
    public func perceive(_ block: AudioBlock, locale: String = "en") throws -> [PerceptionRecord] {
        try perceiveAlone { send(request(block, locale: locale)) }
    }
}
