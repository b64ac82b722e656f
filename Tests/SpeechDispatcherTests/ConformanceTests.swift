import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs, against
/// a test daemon at the quick pace scripts/plugin-tests.sh uses (the harness renders
/// 64 KiB and hundreds of messages in a row).
@Suite struct SpeechDispatcherConformanceTests {
    @Test func passesTheConformanceHarness() throws {
        let daemon = try TestSpeechd(perByte: 0.00002, maximum: 2)
        let config = #"{"address": "\#(daemon.address)"}"#
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("speech-dispatcher.json"),
                                                 extraArguments: ["--config", config])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        #expect(outcome.checksRun >= 10)
    }
}
