import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs, against
/// a real BRLTTY with a 40-cell virtual display.
@Suite struct BrailleConformanceTests {
    @Test func passesTheConformanceHarness() throws {
        let brltty = try TestBRLTTY(cells: 40)
        let config = #"{"host": "\#(brltty.host)", "readingWindowSeconds": 0.5}"#
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("braille.json"), extraArguments: ["--config", config])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        #expect(outcome.checksRun >= 10)
        #expect(!brltty.shown().isEmpty, "the harness's renders never reached the display")
    }
}
