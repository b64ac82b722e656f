import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs, with
/// the whole CLI under fakenect replaying a short synthetic corridor (a device is not
/// needed, and without one create fails, as `FreenectDeviceTests` checks).
@Suite struct FreenectSourceConformanceTests {
    @Test func passesTheConformanceHarnessUnderFakenect() throws {
        let scene = try SyntheticScene("open-corridor", ["--duration", "1.5", "--block", "8"])
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("freenect-source.json"),
                                                 environment: try Fakenect.environment(replaying: scene.recording))
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        #expect(outcome.checksRun >= 10)
    }
}
