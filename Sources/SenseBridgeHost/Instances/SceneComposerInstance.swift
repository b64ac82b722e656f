import CSenseBridgeABI
import Foundation
import SenseBridgeABICodec
import SenseBridgeCore

/// A created scene composer, in this process or isolated in a runner; callers cannot
/// tell which, except by `isolated`. Its phrases are copied out before the next call,
/// because the plugin owns them only until then.
/// Unchecked Sendable: only `let`s; `compose` is [instance-thread] (single-flight in sessions), `cancel` [any-thread].
public final class SceneComposerInstance: @unchecked Sendable {
    private let backend: ComposerBackend
    public let manifest: PluginManifest
    /// Whether it runs in a process of its own.
    public let isolated: Bool

    public var pluginID: String { manifest.id }

    init(manifest: PluginManifest, isolated: Bool, backend: ComposerBackend) {
        self.manifest = manifest
        self.isolated = isolated
        self.backend = backend
    }

    /// Asks the plugin for subject phrases. Every entry comes back in its place: a
    /// phrase the ABI cannot carry (NULL text, not UTF-8, over the byte cap, an unknown
    /// stream) as `.unreadable`, for the narrator to report and salvage; the narrator
    /// judges the rest. A result broken as a whole throws `ComposerResultRefused`; a
    /// plugin that crashed or missed `deadline` by more than the grace throws
    /// `PluginStopped`, so the caller falls back instead of waiting.
    public func compose(records: [PerceptionRecord], locale: String, maximumWords: Int, maximumLabels: Int,
                        deadline: UInt64) throws -> [ProposedPhrase] {
        let decoded = try backend.compose(RunnerRequest.ComposeCall(
            records: records, locale: locale, maximumWords: maximumWords, maximumLabels: maximumLabels, deadline: deadline))
        if let refusal = decoded.refusal {
            throw ComposerResultRefused(pluginID: pluginID, refusal: refusal, problem: decoded.problems.joined(separator: "; "))
        }
        return decoded.proposed
    }

    /// Safe from any thread, as the header promises.
    public func cancel() {
        backend.cancel()
    }
}
