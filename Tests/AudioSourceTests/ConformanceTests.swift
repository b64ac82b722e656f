import Foundation
import SenseBridgeRepositoryTesting
import Testing

/// The plugin through `sensebridge plugins test`, the harness a third party runs, reading a
/// tone written now (the manifest's default input is the microphone, which the harness's
/// hundreds of create-destroy cycles must not open; MicrophoneTests covers it):
/// `--config` lays the input over the defaults, as a profile would.
@Suite struct AudioSourceConformanceTests {
    @Test func passesTheConformanceHarnessOnAFile() throws {
        let fixtures = try AudioFixtures()
        let wav = try fixtures.wav("tone.wav", samples: AudioFixtures.tone(frequency: 1000, amplitudes: [0.5], rate: 44_100, seconds: 2),
                                   rate: 44_100, channels: 2, encoding: .s16)
        let outcome = try ConformanceHarness.run(try RepositoryPaths.stagedManifest("audio-source.json"),
                                                 extraArguments: ["--config", #"{"input": "\#(wav)"}"#])
        #expect(outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.status == 0)
        // A source's 13 checks, and the four self-tests of the rules behind blocks and
        // inputs (AudioSelfTests).
        #expect(outcome.checksRun >= 17, "\(outcome.checksRun) checks")
    }
}
