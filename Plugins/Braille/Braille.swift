import CBrlAPI
import CLouis
import Foundation
import SenseBridgeCore
import SenseBridgePluginKit

@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.renderTarget(Braille.self, id: "org.sensebridge.braille", version: "1.0.0")
}

/// Writes to the braille display BRLTTY owns (work in progress).
public final class Braille: RenderTargetPlugin {
    public init(host: HostServices, config: PluginConfig) throws {
        throw PluginError(.unsupported, "not built yet")
    }

    public func render(_ message: OutputMessage) throws {}

    public func interrupt() {}
}
