import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A perceiver's C table called directly, in this process. The host wraps it in an
/// `InProcessCallThread` for deadlines; the runner calls it bare.
/// Unchecked Sendable: only `let`s; `perceive` is [instance-thread], `cancel` [any-thread].
final class InProcessPerceiver: @unchecked Sendable {
    private let handle: InstanceHandle
    private let table: sb_perceiver
    private let pluginID: String
    /// The manifest's: the page is read only from a 1.7 perceiver, which writes it.
    private let abiMinor: UInt32

    init(plugin: LoadedPlugin, configJSON: String, log: HostLog) throws {
        let table = plugin.interface.load(as: sb_perceiver.self)
        guard let create = table.create, let destroy = table.destroy, table.perceive != nil, table.cancel != nil else {
            throw PluginProblem(path: plugin.manifest.manifestURL.path, reason: .descriptorInvalid("the perceiver table has a NULL function"))
        }
        self.table = table
        pluginID = plugin.manifest.id
        abiMinor = plugin.manifest.abiMinor
        handle = try InstanceHandle(plugin: plugin, configJSON: configJSON, log: log,
                                    create: { create($0, $1, $2) }, destroy: { destroy($0) })
    }

    /// The records and the page copied out of plugin memory before the next call can reuse it.
    func perceive(_ call: RunnerRequest.PerceiveCall) throws -> Perception {
        let request = CPerceiveRequest(input: call.input, timestampNanoseconds: call.timestampNanoseconds,
                                       locale: call.locale, pageLocales: call.pageLocales, deadline: call.deadline)
        var result = sb_perceive_result()
        result.struct_size = UInt32(MemoryLayout<sb_perceive_result>.size)
        try withExtendedLifetime(request) {
            try handle.call { table.perceive(handle.pointer, request.pointer, &result, $0) }
        }
        switch PerceiveCodec.decodeResult(result, pluginABIMinor: abiMinor) {
        case .success(let perception): return perception
        case .failure(let problem): throw PerceiverResultRefused(pluginID: pluginID, problem: problem.description)
        }
    }

    func cancel() {
        table.cancel(handle.pointer)
    }

    /// Keeps the instance alive for good: a call abandoned on its thread may still be
    /// inside the plugin, and destroy must never run under it.
    func retire() { handle.leak() }
}
