import CSenseBridgeABI
import Foundation
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
        var bytes = Array(message.text.utf8)
        try renderRaw(&bytes, signal: message.signal.rawValue, message: message)
    }

    /// Renders raw bytes as the text; lets the harness check that a target rejects
    /// invalid UTF-8 instead of trusting that the host never sends it.
    public func renderRaw(_ bytes: inout [UInt8], signal: UInt32, message: OutputMessage) throws {
        let locale = message.locale.rawValue
        try bytes.withUnsafeBufferPointer { text in
            try locale.withCString { localeC in
                try text.withMemoryRebound(to: CChar.self) { chars in
                    var c = sb_message(
                        struct_size: UInt32(MemoryLayout<sb_message>.size), signal: signal,
                        flags: message.isUrgent ? SB_MESSAGE_URGENT : 0,
                        text: chars.baseAddress, text_length: chars.count, locale: localeC,
                        session_time_ns: UInt64(max(0, message.sessionTime) * 1e9), sequence: message.sequence)
                    try handle.call { table.render(handle.pointer, &c, $0) }
                }
            }
        }
    }

    public func interrupt() {
        table.interrupt(handle.pointer)
    }
}
