import CSenseBridgeABI
import Foundation

/// A C fixture plugin built into a directory with its manifest, ready for the host
/// to discover. Each test states the one defect it wants.
public struct FixturePlugin {
    public var manifestURL: URL
    public var libraryURL: URL

    /// Builds Tests/Fixtures/c/fixture_plugin.c with `defines` and writes a manifest
    /// (`manifest` fields override the defaults) into `directory`. The manifest declares
    /// the header's ABI, as the fixture's descriptor does unless a define says otherwise.
    @discardableResult
    public static func make(in directory: URL, name: String = "fixture", id: String = "org.sensebridge.fixture",
                            defines: [String: String] = [:], manifest overrides: [String: Any] = [:],
                            source: String = "fixture_plugin.c") throws -> FixturePlugin {
        let library = directory.appendingPathComponent("lib\(name).so")
        var allDefines = ["FIXTURE_ID": "\"\(id)\""]
        defines.forEach { allDefines[$0.key] = $0.value }
        try CPluginBuilder.build(source: CPluginBuilder.fixture(source), output: library, defines: allDefines)
        var manifest: [String: Any] = [
            "schema": "sensebridge.plugin-manifest/1", "id": id, "kind": "render-target", "version": "1.0.0",
            "abi": ["major": Int(SB_ABI_MAJOR), "minor": Int(SB_ABI_MINOR)], "library": "lib\(name).so",
            "displayName": ["en": "Fixture \(name)"],
        ]
        overrides.forEach { manifest[$0.key] = $0.value }
        let url = directory.appendingPathComponent("\(name).json")
        try JSONSerialization.data(withJSONObject: manifest, options: [.prettyPrinted, .sortedKeys]).write(to: url)
        return FixturePlugin(manifestURL: url, libraryURL: library)
    }
}
