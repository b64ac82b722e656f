import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A created render target. `render` is called from one thread at a time (the
/// fan-out gives each target its own queue); `interrupt` from any thread.
/// Unchecked Sendable: only `let`s; `render` is [instance-thread] (one TargetWorker per target), `interrupt` [any-thread].
public final class RenderTargetInstance: @unchecked Sendable {
    private let handle: InstanceHandle
    private let table: sb_render_target

    public var plugin: LoadedPlugin { handle.plugin }

    init(plugin: LoadedPlugin, configJSON: String, log: HostLog) throws {
        let table = plugin.interface.load(as: sb_render_target.self)
        guard let create = table.create, let destroy = table.destroy, table.render != nil, table.interrupt != nil else {
            throw PluginProblem(path: plugin.manifest.manifestURL.path, reason: .descriptorInvalid("the render-target table has a NULL function"))
        }
        self.table = table
        handle = try InstanceHandle(plugin: plugin, configJSON: configJSON, log: log,
                                    create: { create($0, $1, $2) }, destroy: { destroy($0) })
    }

    public func render(_ message: OutputMessage) throws {
        try render(CMessage(message))
    }

    /// Renders a message already in C form; lets the harness send bytes that are not
    /// UTF-8 and check that a target refuses them instead of trusting the host never will.
    public func render(_ message: CMessage) throws {
        try withExtendedLifetime(message) {
            try handle.call { table.render(handle.pointer, message.pointer, $0) }
        }
    }

    public func interrupt() {
        table.interrupt(handle.pointer)
    }
}
