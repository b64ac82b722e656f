import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs.
@Suite struct CaptionFileConformanceTests {
    @Test func passesTheConformanceHarness() throws {
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("caption-file.json"))
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        #expect(outcome.checksRun >= 10)
    }
}
