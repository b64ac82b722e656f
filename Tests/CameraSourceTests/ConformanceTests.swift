import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs, reading
/// a small video made now (there is no camera here, and the manifest's default input is
/// /dev/video0): `--config` lays the input over the defaults, as a profile would.
@Suite struct CameraSourceConformanceTests {
    /// Once, in the default gray8: rgb24 differs only in the conversion, which
    /// VideoFileTests checks, and each harness run measures memory for up to a minute.
    @Test func passesTheConformanceHarnessOnAVideo() throws {
        let fixtures = try MediaFixtures()
        let video = try fixtures.testPatternVideo("pattern.mp4", width: 96, height: 64, rate: 10, seconds: 1)
        let config = #"{"input": "\#(video)"}"#
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("camera-source.json"),
                                                 extraArguments: ["--config", config])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        // A source's 13 checks, and the four self-tests of the rules a camera's unplug
        // and timestamps follow (CameraSelfTests).
        #expect(outcome.checksRun >= 17, "\(outcome.checksRun) checks")
    }
}
