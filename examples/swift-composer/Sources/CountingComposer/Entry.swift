import SenseBridgePluginKit

/// The library's one exported symbol; the host finds it by this name.
@_cdecl("sensebridge_plugin_entry")
public func sensebridgePluginEntry() -> UnsafeRawPointer {
    PluginExport.sceneComposer(
        CountingComposer.self, id: "com.example.counting-composer", version: "1.0.0",
        selfTests: CountingComposer.selfTests)
}
