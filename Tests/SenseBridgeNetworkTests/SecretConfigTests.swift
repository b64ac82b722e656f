import Foundation
@testable import SenseBridgeNetwork
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// A credential reaches a plugin only through the host's consent path, never through a
/// manifest default, a profile, or the ordinary create call.
@Suite struct SecretConfigTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("libnet.so", "not loaded by these tests")
    }

    func manifest(_ fields: String) throws -> Result<PluginManifest, PluginProblem> {
        let url = try directory.write("net.json", """
        {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.net", "kind": "scene-composer", "version": "1",
         "abi": {"major": 1, "minor": 0}, "library": "libnet.so", "displayName": "Net",
         "capabilities": {"usesNetwork": true}, \(fields)}
        """)
        return ManifestReader.read(url)
    }

    @Test func aSecretKeyMayNotHaveADefault() throws {
        let result = try manifest(#""config": {"defaults": {"apiKey": "sk-shipped"}, "schema": {"apiKey": {"type": "string", "secret": true}}}"#)
        guard case .failure(let problem) = result else { Issue.record("a shipped key was accepted"); return }
        #expect(problem.explanation.contains("config.defaults.apiKey") && problem.explanation.contains("secret"))
    }

    @Test func onlyAStringCanBeSecret() throws {
        let result = try manifest(#""config": {"schema": {"apiKey": {"type": "integer", "secret": true}}}"#)
        guard case .failure = result else { Issue.record("a secret integer was accepted"); return }
    }

    @Test func aProfileCannotSetASecret() throws {
        let parsed = try manifest(#""config": {"schema": {"apiKey": {"type": "string", "secret": true}, "model": {"type": "string"}}}"#).get()
        #expect(parsed.configSchema["apiKey"]?.isSecret == true)
        #expect(throws: PluginConfigResolver.Problem.self) {
            _ = try PluginConfigResolver.resolve(manifest: parsed, overrides: ["apiKey": .string("sk-in-a-profile")], outputDirectory: nil)
        }
        #expect(try PluginConfigResolver.resolve(manifest: parsed, overrides: ["model": .string("m")], outputDirectory: nil)["model"] == .string("m"))
    }

    @Test func theOrdinaryCreateCallRefusesANetworkComposerBeforeLoadingIt() throws {
        _ = try manifest(#""config": {}"#).get()
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        let parsed = try host.manifest(id: "org.example.net")
        #expect(throws: NetworkComposerRefused.self) { _ = try host.sceneComposer(parsed) }
        #expect(throws: NetworkComposerRefused.self) { _ = try host.sceneComposer(parsed, rawConfig: "{}") }
    }
}
