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

    func render(_ call: RunnerRequest.RenderCall) throws {
        let message = CMessage(bytes: call.text, signal: call.signal, flags: call.flags, locale: call.locale,
                               sessionTimeNanoseconds: call.sessionTimeNanoseconds, sequence: call.sequence)
        try withExtendedLifetime(message) {
            try handle.call { table.render(handle.pointer, message.pointer, $0) }
        }
    }

    func interrupt() {
        table.interrupt(handle.pointer)
    }

    func retire() { handle.leak() }
}
