import Foundation
import SenseBridgePluginKit

/// A composer built from Swift through PluginKit that takes 30 s a compose, for the
/// host's deadline tests (SwiftComposerDeadlineTests). With `"polls": false` (the
/// default) it never asks its checkpoint and writes no `cancel()`: PluginKit marks the
/// checkpoint on the host's cancel and nobody looks, so only the host can end the call.
/// With `"polls": true` it asks between steps, and ends the call itself at the deadline.
final class DeafComposer: SceneComposerPlugin {
    struct Config: Decodable { var polls: Bool? }
    let polls: Bool

    init(host: HostServices, config: PluginConfig) throws {
        polls = try config.decode(Config.self).polls ?? false
    }

    func compose(_ request: ComposeRequest) throws -> [ComposedPhrase] {
        for _ in 0..<3000 {
            if polls { try request.checkpoint.check("Composing slowly") }
            usleep(10_000)
        }
        return [ComposedPhrase(stream: .sight, text: "a chair", recordIndices: Array(request.records.indices))]
    }
}

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.sceneComposer(DeafComposer.self, id: "org.sensebridge.test.deaf-swift-composer", version: "1.0.0")
}
