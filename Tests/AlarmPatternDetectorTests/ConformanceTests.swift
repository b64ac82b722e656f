import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs: its
/// sounds (one stream twice, the second from a discontinuous start; silence gives no
/// record), broken blocks, cancel against its own uncancelled time, leaks per call and
/// per create, threading, log privacy.
@Suite struct AlarmPatternDetectorConformanceTests {
    @Test func passesTheConformanceHarness() throws {
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("alarm-pattern-detector.json"))
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        #expect(outcome.checksRun >= 10)
    }
}
