import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs.
@Suite struct EspeakSpeechConformanceTests {
    @Test func passesTheConformanceHarness() throws {
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("espeak-speech.json"))
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        #expect(outcome.checksRun >= 10)
    }
}
