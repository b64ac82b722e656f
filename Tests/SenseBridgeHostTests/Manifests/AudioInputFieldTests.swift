import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// `capabilities.audioInput` (ABI 1.6): what a listening perceiver takes, so the source
/// can be asked for exactly that. Read from a perceiver that can be handed audio,
/// refused with the file and the reason otherwise.
@Suite struct AudioInputFieldTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        _ = try directory.write("libgood.so", "manifests never open it")
    }

    func text(_ input: String, kind: String, minor: Int) -> String {
        """
        {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.ears", "kind": "\(kind)", "version": "1.0.0",
         "abi": {"major": 1, "minor": \(minor)}, "library": "libgood.so", "displayName": {"en": "Ears"},
         "capabilities": {"modalities": ["sounds"], "audioInput": \(input)}}
        """
    }

    func manifest(_ input: String, kind: String = "perceiver", minor: Int = 6) throws -> Result<PluginManifest, PluginProblem> {
        ManifestReader.read(try directory.write("ears.json", text(input, kind: kind, minor: minor)))
    }

    @Test func aListenersInputIsRead() throws {
        let manifest = try manifest(#"{"sampleRate": 16000, "channels": 1}"#).get()
        #expect(manifest.capabilities.audioInput == AudioInput(sampleRate: 16000, channels: 1))
        #expect(manifest.capabilities.modalities == ["sounds"] && manifest.listens)
    }

    @Test(arguments: [
        (#"{"sampleRate": 16000, "channels": 1}"#, "perceiver", 5, #"field "capabilities.audioInput" is for perceivers of ABI 1.6 or later only"#),
        (#"{"sampleRate": 16000, "channels": 1}"#, "render-target", 6, #"field "capabilities.audioInput" is for perceivers of ABI 1.6 or later only"#),
        (#"{"sampleRate": 500, "channels": 1}"#, "perceiver", 6, #"field "capabilities.audioInput.sampleRate" must be a whole number in 1000...192000"#),
        (#"{"sampleRate": 16000.5, "channels": 1}"#, "perceiver", 6, #"field "capabilities.audioInput.sampleRate" must be a whole number"#),
        (#"{"sampleRate": 16000, "channels": 9}"#, "perceiver", 6, #"field "capabilities.audioInput.channels" must be a whole number in 1...8"#),
        (#"{"sampleRate": 16000}"#, "perceiver", 6, "capabilities.audioInput.channels"),
        (#"{"sampleRate": 16000, "channels": 1, "format": "s16"}"#, "perceiver", 6, #"field "capabilities.audioInput.format" is not a field of audioInput"#),
        (#"{"sampleRate": "16k", "channels": 1}"#, "perceiver", 6, "capabilities.audioInput.sampleRate"),
    ])
    func anInputNoSourceCouldServeIsRefused(_ input: String, _ kind: String, _ minor: Int, _ expected: String) throws {
        guard case .failure(let problem) = try manifest(input, kind: kind, minor: minor) else {
            Issue.record("accepted \(input) for a \(kind) at 1.\(minor)")
            return
        }
        #expect(problem.description.hasPrefix(directory.file("ears.json").path + ": "))
        #expect(problem.description.contains(expected), "\(problem.description)")
    }
}
