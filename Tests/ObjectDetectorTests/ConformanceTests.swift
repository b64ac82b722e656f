import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs: its
/// synthetic images (blank, bars, noise, 1x1, padded rows), bad images, cancel against
/// its own uncancelled time, leaks per call and per create, threading, log privacy.
@Suite struct ObjectDetectorConformanceTests {
    @Test func passesTheConformanceHarness() throws {
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("object-detector.json"))
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        #expect(outcome.checksRun >= 10)
    }
}
