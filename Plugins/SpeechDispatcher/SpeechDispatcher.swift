import CSpeechd
import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.renderTarget(SpeechDispatcher.self, id: "org.sensebridge.speech-dispatcher", version: "1.0.0")
}

/// Speaks through the user's own speech-dispatcher (work in progress).
public final class SpeechDispatcher: RenderTargetPlugin {
    public init(host: HostServices, config: PluginConfig) throws {
        throw PluginError(.unsupported, "not built yet")
    }

    public func render(_ message: OutputMessage) throws {}

    public func interrupt() {}
}
