import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

/// Drives a `RenderTargetPlugin` in-process, without a library or dlopen, for fast
/// unit tests of a target's logic.
///
/// ```swift
/// let host = try EmbeddedRenderHost(CaptionFile.self, config: PluginConfig(#"{"path": "\#(path)"}"#))
/// host.enqueue(OutputMessage(signal: .description, text: "It looks like there's a chair."))
/// try host.deliverAll()
/// #expect(try String(contentsOfFile: path).contains("chair"))
/// try host.finish()
/// ```
public final class EmbeddedRenderHost<Target: RenderTargetPlugin> {
    public let services: EmbeddedHostServices
    /// The plugin; nil once `finish()` released it.
    public private(set) var target: Target?
    private var pending: [OutputMessage] = []
    /// Messages the target rendered without throwing, in order.
    public private(set) var delivered: [OutputMessage] = []
    /// The render in progress, so `interrupt` marks its checkpoint as PluginKit's thunk does.
    private let calls: CallInProgress

    public init(_ type: Target.Type = Target.self, config: PluginConfig = PluginConfig("{}"),
                services: EmbeddedHostServices? = nil) throws {
        // Without services of its own, the plugin gets a table carrying its config.
        let services = services ?? EmbeddedHostServices(config: config)
        self.services = services
        calls = CallInProgress(clock: services.hostServices)
        target = try Target(host: services.hostServices, config: config)
    }

    private var live: Target {
        guard let target else { preconditionFailure("EmbeddedRenderHost was used after finish()") }
        return target
    }

    /// Queues messages the way the fan-out hands them to a target.
    public func enqueue(_ messages: OutputMessage...) { pending += messages }
    public func enqueue(contentsOf messages: [OutputMessage]) { pending += messages }

    public var pendingCount: Int { pending.count }

    /// Renders the oldest queued message; nil when none is queued. A render that
    /// throws takes its message off the queue and rethrows, as a host would report it.
    @discardableResult
    public func deliverNext() throws -> OutputMessage? {
        guard !pending.isEmpty else { return nil }
        let message = pending.removeFirst()
        let checkpoint = calls.begin(deadline: .max)
        defer { calls.end(checkpoint) }
        try live.render(RenderRequest(message: message, checkpoint: checkpoint))
        delivered.append(message)
        return message
    }

    /// Renders every queued message in order; stops at the first that throws.
    public func deliverAll() throws {
        while try deliverNext() != nil {}
    }

    /// [any-thread] as in the real host: may be called while `deliverNext` runs elsewhere.
    public func interrupt() {
        calls.cancel()
        live.interrupt()
    }

    /// Releases the target and throws `EmbeddedHostLeftovers` listing anything the
    /// test left: queued messages never rendered, or an instance that outlived the host.
    public func finish() throws {
        var leftovers: [Leftover] = []
        if !pending.isEmpty { leftovers.append(.unrenderedMessages(pending.count)) }
        pending.removeAll()
        if let notDestroyed = InstanceRelease.check(&target) { leftovers.append(notDestroyed) }
        if !leftovers.isEmpty { throw EmbeddedHostLeftovers(leftovers: leftovers) }
    }
}
