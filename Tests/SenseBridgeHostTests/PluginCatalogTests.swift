import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

@Suite struct PluginCatalogTests {
    @Test func firstOnTheSearchPathWinsAndTheShadowedOneIsReported() throws {
        let first = try TemporaryDirectory(), second = try TemporaryDirectory()
        try FixturePlugin.make(in: first.url, name: "a")
        try FixturePlugin.make(in: second.url, name: "b")
        let catalog = PluginCatalog.discover(PluginSearchPath(entries: [
            .init(directory: first.url, origin: .commandLine), .init(directory: second.url, origin: .environment),
        ]))
        #expect(catalog.plugins.count == 1)
        #expect(catalog.plugins[0].manifestURL.path == first.file("a.json").path)
        #expect(catalog.shadowed.count == 1)
        #expect(catalog.shadowed[0].manifest.manifestURL.path == second.file("b.json").path)
    }

    @Test func aBrokenManifestNeverHidesAGoodOne() throws {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "good")
        try directory.write("0-broken.json", "{ not json")
        try directory.write("1-wrong-schema.json", #"{"schema": "x"}"#)
        let catalog = PluginCatalog.discover(PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        #expect(catalog.plugins.map(\.id) == ["org.sensebridge.fixture"])
        #expect(catalog.broken.count == 2)
        #expect(catalog.broken.allSatisfy { $0.problem.path.hasPrefix(directory.url.path) })
    }

    @Test func searchPathOrderFollowsTheDesign() {
        let path = PluginSearchPath.standard(
            commandLine: ["/cli"], environment: ["SENSEBRIDGE_PLUGIN_PATH": "/env1:/env2", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"],
            executable: URL(fileURLWithPath: "/work/repo/.build/x86_64-unknown-linux-gnu/debug/sensebridge"))
        #expect(path.entries.map(\.directory.path) == [
            "/cli", "/env1", "/env2", "/xdg/sensebridge/plugins",
            "/work/repo/.build/x86_64-unknown-linux-gnu/lib/sensebridge/plugins", "/work/repo/.build/plugins",
        ])
        #expect(path.entries.map(\.origin) == [.commandLine, .environment, .environment, .userData, .installPrefix, .build])
    }

    @Test func relativeXDGValuesAreIgnoredAsTheSpecSays() {
        let path = PluginSearchPath.standard(environment: ["XDG_DATA_HOME": "relative/dir", "HOME": "/home/u"],
                                             executable: URL(fileURLWithPath: "/usr/bin/sensebridge"))
        #expect(path.entries.contains { $0.directory.path == "/home/u/.local/share/sensebridge/plugins" })
    }
}
