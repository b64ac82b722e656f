import Foundation
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The manifest's optional "isolation": read when it is one of the two values, refused
/// with the file and the allowed values when it is not.
@Suite struct ManifestIsolationFieldTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try directory.write("libgood.so", "manifests never open it")
    }

    func read(isolation: Any?) throws -> Result<PluginManifest, PluginProblem> {
        var fields: [String: Any] = [
            "schema": "sensebridge.plugin-manifest/1", "id": "org.example.good", "kind": "render-target",
            "version": "1.0.0", "abi": ["major": 1, "minor": 0], "library": "libgood.so", "displayName": ["en": "Good"],
        ]
        if let isolation { fields["isolation"] = isolation }
        let data = try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return ManifestReader.read(try directory.write("plugin.json", String(decoding: data, as: UTF8.self)))
    }

    @Test func bothValuesAndItsAbsenceRead() throws {
        #expect(try read(isolation: nil).get().isolation == nil)
        #expect(try read(isolation: "process").get().isolation == .process)
        #expect(try read(isolation: "in-process").get().isolation == .inProcess)
    }

    @Test func anUnknownValueNamesTheFileAndTheAllowedValues() throws {
        guard case .failure(let problem) = try read(isolation: "isolated") else { Issue.record("accepted 'isolated'"); return }
        #expect(problem.description == "\(directory.file("plugin.json").path): field \"isolation\" must be \"process\" or \"in-process\", not 'isolated'.")
    }

    @Test func aValueOfTheWrongTypeIsAMistypedField() throws {
        guard case .failure(let problem) = try read(isolation: true) else { Issue.record("accepted true"); return }
        #expect(problem.reason == .mistypedField("isolation", expected: "a string", found: "a boolean"))
        #expect(problem.description.hasPrefix(directory.file("plugin.json").path + ": "))
    }
}
