import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A created scene composer. Its phrases are copied out before the next call,
/// because the plugin owns them only until then.
/// Unchecked Sendable: only `let`s; `compose` is [instance-thread] (single-flight in sessions), `cancel` [any-thread].
public final class SceneComposerInstance: @unchecked Sendable {
    private let handle: InstanceHandle
    private let table: sb_scene_composer

    public var plugin: LoadedPlugin { handle.plugin }

    init(plugin: LoadedPlugin, configJSON: String, log: HostLog) throws {
        let table = plugin.interface.load(as: sb_scene_composer.self)
        guard let create = table.create, let destroy = table.destroy, table.compose != nil, table.cancel != nil else {
            throw PluginProblem(path: plugin.manifest.manifestURL.path, reason: .descriptorInvalid("the scene-composer table has a NULL function"))
        }
        self.table = table
        handle = try InstanceHandle(plugin: plugin, configJSON: configJSON, log: log,
                                    create: { create($0, $1, $2) }, destroy: { destroy($0) })
    }

    /// Asks the plugin for subject phrases. Every entry comes back in its place: a
    /// phrase the ABI cannot carry (NULL text, not UTF-8, over the byte cap, an unknown
    /// stream) as `.unreadable`, for the narrator to report and salvage; the narrator
    /// judges the rest. A result broken as a whole throws `ComposerResultRefused`.
    public func compose(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                        deadline: UInt64) throws -> [ProposedPhrase] {
        let request = CComposeRequest(records, locale: locale, maximumWords: maximumWords,
                                      maximumLabels: maximumLabels, deadline: deadline)
        var result = sb_compose_result()
        result.struct_size = UInt32(MemoryLayout<sb_compose_result>.size)
        try withExtendedLifetime(request) {
            try handle.call { table.compose(handle.pointer, request.pointer, &result, $0) }
        }
        let decoded = PhraseCodec.decode(result, maximumWords: maximumWords, recordCount: records.count)
        if let refusal = decoded.refusal {
            throw ComposerResultRefused(pluginID: plugin.id, refusal: refusal, problem: decoded.problems.joined(separator: "; "))
        }
        return decoded.proposed
    }

    /// Safe from any thread, as the header promises.
    public func cancel() {
        table.cancel(handle.pointer)
    }
}
