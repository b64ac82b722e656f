import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A render target's C table called directly, in this process (see InProcessComposer).
/// Unchecked Sendable: only `let`s; `render` is [instance-thread], `interrupt` [any-thread].
final class InProcessRenderTarget: @unchecked Sendable {
    private let handle: InstanceHandle
    private let table: sb_render_target

    init(plugin: LoadedPlugin, configJSON: String, log: HostLog) throws {
        let table = plugin.interface.load(as: sb_render_target.self)
        guard let create = table.create, let destroy = table.destroy, table.render != nil, table.interrupt != nil else {
            throw PluginProblem(path: plugin.manifest.manifestURL.path, reason: .descriptorInvalid("the render-target table has a NULL function"))
        }
        self.table = table
        handle = try InstanceHandle(plugin: plugin, configJSON: configJSON, log: log,
                                    create: { create($0, $1, $2) }, destroy: { destroy($0) })
    }

    /// `interruption` reaches the plugin from just before its render is called until it
    /// returns, on the thread that calls it (a call thread of its own, in the host).
    func render(_ call: RunnerRequest.RenderCall, interruption: RenderInterruption? = nil) throws {
        let message = CMessage(bytes: call.text, signal: call.signal, flags: call.flags, locale: call.locale,
                               sessionTimeNanoseconds: call.sessionTimeNanoseconds, sequence: call.sequence)
        let render = { [self] in
            try withExtendedLifetime(message) {
                try handle.call { table.render(handle.pointer, message.pointer, $0) }
            }
        }
        guard let interruption else { return try render() }
        try interruption.during({ [self] in interrupt() }, pluginID: handle.plugin.id, render)
    }

    func interrupt() {
        table.interrupt(handle.pointer)
    }

    func retire() { handle.leak() }
}
