import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// A detector that could never see anything fails loading (Invariant 8), naming what is
/// missing and what installs it, never on the first frame of a walk, and never as an
/// empty answer the host could take for a view with nothing in it.
@Suite struct LoadingErrorTests {
    /// The manifest and library staged without the models beside them, as on a machine
    /// where scripts/deps.sh never ran: its default config names a file that is not there.
    @Test func withoutTheModelsTheErrorNamesTheModelFileAndTheCommand() throws {
        let folder = try TemporaryDirectory()
        for file in ["object-detector.json", "libObjectDetector.so"] {
            try FileManager.default.copyItem(at: RepositoryPaths.stagedPlugins.appendingPathComponent(file), to: folder.file(file))
        }
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: folder.url, origin: .build)]))
        let manifest = try host.manifest(id: DetectorHost.pluginID)
        let error = try #require(throws: PluginCallError.self) { _ = try host.perceiver(manifest) }
        #expect(error.status == 2, "SB_ERR_INVALID_CONFIG: \(error)")
        let expected = folder.url.appendingPathComponent("models/ssd-mobilenet-v2-coco/frozen_inference_graph.pb").path
        #expect(error.message.contains(expected), "\(error.message)")
        #expect(error.message.contains("scripts/deps.sh") && error.message.contains("make deps"), "\(error.message)")
    }

    @Test(arguments: ["model", "config"])
    func aMissingFileIsNamedWithItsKey(key: String) throws {
        let missing = "/nonexistent/sensebridge-models/\(key).file"
        let error = try #require(throws: PluginCallError.self) { _ = try DetectorHost().detector([key: .string(missing)]) }
        #expect(error.status == 2, "\(error)")
        #expect(error.message.contains(missing) && error.message.contains("'\(key)'"), "\(error.message)")
    }

    /// A file that exists but is no network: OpenCV's own reason, with the file named.
    @Test func aFileThatIsNoModelIsRefusedNamingIt() throws {
        let folder = try TemporaryDirectory()
        let bogus = folder.file("broken.pb")
        try Data("not a graph".utf8).write(to: bogus)
        let error = try #require(throws: PluginCallError.self) { _ = try DetectorHost().detector(["model": .string(bogus.path)]) }
        #expect(error.message.contains(bogus.path) && error.message.contains("OpenCV could not load"), "\(error.message)")
    }

    @Test(arguments: [
        (#"{"schema": "sensebridge.label-map/1", "classes": [{"id": 1}]}"#, "'classes[0].identifier' is missing"),
        (#"{"schema": "sensebridge.label-map/1", "classes": [{"id": 1, "identifier": "Person"}]}"#, "classes[0]: identifier 'Person'"),
        (#"{"schema": "sensebridge.label-map/1", "classes": [{"id": 1, "identifier": "person", "minimumConfidence": 0.7}]}"#, "needs a reason"),
        (#"{"schema": "sensebridge.label-map/1", "classes": [{"id": 1, "identifier": "a"}, {"id": 1, "identifier": "b"}]}"#, "mapped twice"),
        (#"{"schema": "sensebridge.label-map/1", "classes": []}"#, "maps no class"),
        (#"{"schema": "other/1", "classes": []}"#, "expected 'sensebridge.label-map/1'"),
        ("[1, 2", "not valid JSON"),
    ])
    func aBrokenLabelMapIsRefusedNamingTheFileAndTheEntry(text: String, reason: String) throws {
        let folder = try TemporaryDirectory()
        let map = folder.file("labels.json")
        try Data(text.utf8).write(to: map)
        let error = try #require(throws: PluginCallError.self) { _ = try DetectorHost().detector(["labels": .string(map.path)]) }
        #expect(error.status == 2, "\(error)")
        #expect(error.message.contains(map.path) && error.message.contains(reason), "\(error.message)")
    }

    /// Given straight to the plugin, past the host's schema, as any caller of the C ABI
    /// could: the plugin checks its own settings too.
    @Test(arguments: [
        (#""minimumConfidence": 1.5"#, "minimumConfidence"),
        (#""mean": [1, 2]"#, "mean"),
        (#""scale": 0"#, "scale"),
        (#""framework": "torch""#, "framework"),
        (#""inputWidth": 0"#, "inputWidth"),
        (#""threads": 0"#, "threads"),
        (#""colour": true"#, "colour"),
    ])
    func aWrongSettingIsRefusedNamingItsKey(setting: String, key: String) throws {
        let detector = try DetectorHost()
        let config = #"{"model": "\#(DetectorHost.model.path)", "config": "\#(DetectorHost.graph.path)", \#(setting)}"#
        let error = try #require(throws: PluginCallError.self) { _ = try detector.host.perceiver(detector.manifest, rawConfig: config) }
        #expect(error.status == 2 && error.message.contains(key), "\(error)")
    }
}
