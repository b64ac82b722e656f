import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs: the
/// sounds it plays (one stream twice, silence, bad blocks), cancel, leaks per call and
/// per create, threading, log privacy.
@Suite struct SoundClassifierConformanceTests {
    @Test func passesTheConformanceHarness() throws {
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("sound-classifier.json"))
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        #expect(outcome.checksRun >= 10)
    }
}
