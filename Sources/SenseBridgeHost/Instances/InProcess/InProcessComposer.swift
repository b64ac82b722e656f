import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A scene composer's C table called directly, in this process. The host wraps it in
/// an `InProcessCallThread` for deadlines; the runner calls it bare, since there the
/// host enforces deadlines from outside the process.
/// Unchecked Sendable: only `let`s; `compose` is [instance-thread], `cancel` [any-thread].
final class InProcessComposer: @unchecked Sendable {
    private let handle: InstanceHandle
    private let table: sb_scene_composer

    init(plugin: LoadedPlugin, configJSON: String, log: HostLog) throws {
        let table = plugin.interface.load(as: sb_scene_composer.self)
        guard let create = table.create, let destroy = table.destroy, table.compose != nil, table.cancel != nil else {
            throw PluginProblem(path: plugin.manifest.manifestURL.path, reason: .descriptorInvalid("the scene-composer table has a NULL function"))
        }
        self.table = table
        handle = try InstanceHandle(plugin: plugin, configJSON: configJSON, log: log,
                                    create: { create($0, $1, $2) }, destroy: { destroy($0) })
    }

    /// The result decoded from plugin memory before the next call can reuse it.
    func compose(_ call: RunnerRequest.ComposeCall) throws -> PhraseCodec.Decoded {
        let request = CComposeRequest(call.records, locale: call.locale, maximumWords: call.maximumWords,
                                      maximumLabels: call.maximumLabels, deadline: call.deadline)
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        try withExtendedLifetime(request) {
            try handle.call { table.compose(handle.pointer, request.pointer, &result, $0) }
        }
        return PhraseCodec.decode(result, maximumWords: call.maximumWords, recordCount: call.records.count)
    }

    func cancel() {
        table.cancel(handle.pointer)
    }

    /// Keeps the instance alive for good: a call abandoned on its thread may still be
    /// inside the plugin, and destroy must never run under it.
    func retire() { handle.leak() }
}
