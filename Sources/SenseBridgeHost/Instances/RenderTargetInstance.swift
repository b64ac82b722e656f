import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A created render target, in this process or isolated in a runner. `render` is
/// called from one thread at a time (the fan-out gives each target its own queue);
/// `interrupt` from any thread. Every render returns within a bound proportional to
/// its text (`CallBounds.renderDeadline`), or throws `PluginStopped`.
/// Unchecked Sendable: only `let`s; `render` is [instance-thread] (one TargetWorker per target), `interrupt` [any-thread].
public final class RenderTargetInstance: @unchecked Sendable {
    private let backend: RenderBackend
    public let manifest: PluginManifest
    public let isolated: Bool

    public var pluginID: String { manifest.id }

    /// A render after the plugin died starts a new instance, within the restart budget
    /// (isolated, and the manifest says it resumes): the fan-out keeps such a target
    /// through a crash instead of losing it for the session.
    public var restarts: Bool { backend.restarts }

    /// After a `PluginStopped`, starts the new instance `restarts` promises, as the
    /// budget allows: throws `backingOff` (too soon), `stayedOff` (past the budget), or
    /// why the new instance could not start.
    public func resume() throws {
        try backend.resume()
    }

    init(manifest: PluginManifest, isolated: Bool, backend: RenderBackend) {
        self.manifest = manifest
        self.isolated = isolated
        self.backend = backend
    }

    public func render(_ message: OutputMessage) throws {
        try render(RunnerRequest.RenderCall(message))
    }

    /// `render`, which `interruption` cuts off, and nothing else: the fan-out's workers
    /// interrupt the render they decided to cut, never the one after it.
    func render(_ message: OutputMessage, interruption: RenderInterruption) throws {
        try render(RunnerRequest.RenderCall(message), interruption: interruption)
    }

    /// Renders a message already in C form; lets the harness send bytes that are not
    /// UTF-8 and check that a target refuses them instead of trusting the host never will.
    public func render(_ message: CMessage) throws {
        let c = message.pointer.pointee
        let text = c.text.map { Array(UnsafeRawBufferPointer(start: $0, count: c.text_length)) } ?? []
        try render(RunnerRequest.RenderCall(text: text, signal: c.signal, flags: c.flags,
                                            locale: ABIString.decode(c.locale) ?? "en",
                                            sessionTimeNanoseconds: c.session_time_ns, sequence: c.sequence))
    }

    private func render(_ call: RunnerRequest.RenderCall, interruption: RenderInterruption? = nil) throws {
        try backend.render(call, deadline: CallBounds.renderDeadline(bytes: call.text.count), interruption: interruption)
    }

    public func interrupt() {
        backend.interrupt()
    }
}
