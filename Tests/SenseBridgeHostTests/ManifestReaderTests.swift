import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// Each bad manifest gives one line naming the file and the reason; none crashes.
@Suite struct ManifestReaderTests {
    let directory: TemporaryDirectory
    init() throws {
        directory = try TemporaryDirectory()
        // A real file to point at, so only the defect under test fails.
        try directory.write("libgood.so", "not really a library; manifests never open it")
    }

    func manifest(_ overrides: [String: Any?] = [:]) -> String {
        var fields: [String: Any] = [
            "schema": "sensebridge.plugin-manifest/1", "id": "org.example.good", "kind": "render-target",
            "version": "1.0.0", "abi": ["major": 1, "minor": 0], "library": "libgood.so",
            "displayName": ["en": "Good"],
        ]
        for (key, value) in overrides { fields[key] = value }
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    func read(_ text: String, name: String = "plugin.json") throws -> Result<PluginManifest, PluginProblem> {
        let url = try directory.write(name, text)
        return ManifestReader.read(url)
    }

    func problem(_ text: String) throws -> PluginProblem {
        let result = try read(text)
        guard case .failure(let problem) = result else {
            Issue.record("expected a problem, got a manifest")
            return PluginProblem(path: "", reason: .unreadable("none"))
        }
        #expect(problem.description.hasPrefix(directory.url.appendingPathComponent("plugin.json").path + ": "))
        #expect(!problem.description.contains("\n"), "one line per problem")
        return problem
    }

    @Test func goodManifestReadsEveryField() throws {
        let text = manifest(["capabilities": ["usesNetwork": true, "locales": ["en", "es"]],
                             "config": ["defaults": ["rate": 175], "schema": ["rate": ["type": "integer", "minimum": 80, "maximum": 450]]]])
        let manifest = try read(text).get()
        #expect(manifest.id == "org.example.good")
        #expect(manifest.kind == .renderTarget)
        #expect(manifest.entrySymbol == "sensebridge_plugin_entry")
        #expect(manifest.capabilities.usesNetwork)
        #expect(manifest.configDefaults["rate"] == .number(175))
        #expect(manifest.configSchema["rate"]?.problem(with: .number(500)) == "must be at most 450")
    }

    @Test func malformedJSON() throws {
        let problem = try problem(#"{"schema": "sensebridge.plugin-manifest/1", "#)
        guard case .malformedJSON = problem.reason else { Issue.record("\(problem)"); return }
    }

    @Test func unknownSchema() throws {
        #expect(try problem(manifest(["schema": "sensebridge.plugin-manifest/9"])).reason == .unknownSchema("sensebridge.plugin-manifest/9"))
        #expect(try problem(manifest(["schema": nil])).reason == .unknownSchema(nil))
    }

    @Test func missingField() throws {
        #expect(try problem(manifest(["library": nil])).reason == .missingField("library"))
        #expect(try problem(manifest(["abi": ["major": 1]])).reason == .missingField("abi.minor"))
    }

    @Test func mistypedField() throws {
        #expect(try problem(manifest(["version": 3])).reason == .mistypedField("version", expected: "a string", found: "a number"))
        #expect(try problem(manifest(["abi": ["major": "1", "minor": 0]])).reason
            == .mistypedField("abi.major", expected: "a whole number", found: "a string"))
        #expect(try problem(manifest(["capabilities": ["usesNetwork": "no"]])).reason
            == .mistypedField("capabilities.usesNetwork", expected: "true or false", found: "a string"))
    }

    @Test func unknownKindAndBadID() throws {
        guard case .invalidField("kind", _) = try problem(manifest(["kind": "speaker"])).reason else { Issue.record("kind"); return }
        guard case .invalidField("id", _) = try problem(manifest(["id": "no spaces allowed"])).reason else { Issue.record("id"); return }
    }

    @Test func abiChecksInTheManifest() throws {
        #expect(try problem(manifest(["abi": ["major": 2, "minor": 0]])).reason == .abiMajorMismatch(plugin: 2, host: 1))
        #expect(try problem(manifest(["abi": ["major": 1, "minor": HostABI.minor + 1]])).reason
                    == .abiMinorNewer(plugin: HostABI.minor + 1, host: HostABI.minor))
    }

    @Test func runtimeMismatch() throws {
        #expect(try problem(manifest(["runtime": "swift-5.9"])).reason == .runtimeMismatch(plugin: "swift-5.9", host: SwiftRuntime.current))
        #expect(try read(manifest(["runtime": SwiftRuntime.current])).get().runtime == SwiftRuntime.current)
    }

    @Test func libraryNotFound() throws {
        guard case .libraryNotFound(let path) = try problem(manifest(["library": "libmissing.so"])).reason else {
            Issue.record("expected libraryNotFound"); return
        }
        #expect(path.hasSuffix("libmissing.so"))
    }

    @Test func libraryEscapingItsDirectory() throws {
        #expect(try problem(manifest(["library": "../libgood.so"])).reason == .libraryEscapesDirectory("../libgood.so"))
        #expect(try problem(manifest(["library": "/usr/lib/x86_64-linux-gnu/libltdl.so.7"])).reason
            == .libraryEscapesDirectory("/usr/lib/x86_64-linux-gnu/libltdl.so.7"))
        // A symlink that looks local but resolves elsewhere escapes too.
        try FileManager.default.createSymbolicLink(atPath: directory.file("liboutside.so").path, withDestinationPath: "/etc/hostname")
        #expect(try problem(manifest(["library": "liboutside.so"])).reason == .libraryEscapesDirectory("liboutside.so"))
    }

    @Test func symlinkLoop() throws {
        try FileManager.default.createSymbolicLink(atPath: directory.file("libloop-a.so").path, withDestinationPath: "libloop-b.so")
        try FileManager.default.createSymbolicLink(atPath: directory.file("libloop-b.so").path, withDestinationPath: "libloop-a.so")
        #expect(try problem(manifest(["library": "libloop-a.so"])).reason == .symlinkLoop("libloop-a.so"))
    }

    @Test func unreadableFile() throws {
        let url = directory.file("absent.json")
        guard case .failure(let problem) = ManifestReader.read(url), case .unreadable = problem.reason else {
            Issue.record("expected unreadable"); return
        }
    }

    @Test func configDefaultsMustFitTheirSchema() throws {
        let text = manifest(["config": ["defaults": ["rate": "fast"], "schema": ["rate": ["type": "integer"]]]])
        guard case .invalidField("config.defaults.rate", _) = try problem(text).reason else { Issue.record("config"); return }
    }
}
