import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The network composer through `sensebridge plugins test`, pointed at the stand-in
/// server on 127.0.0.1 (its defaults name no address, by design).
@Suite struct NetworkComposerConformanceTests {
    @Test func passesTheConformanceHarnessAgainstALocalServer() throws {
        let server = try LLMTestServer()
        let config = #"{"baseURL": "http://127.0.0.1:\#(server.port)/ok/v1", "model": "harness"}"#
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("network-composer.json"),
                                                 extraArguments: ["--config", config])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        #expect(outcome.checksRun >= 10)
    }
}
