import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// `capabilities.restart` and `capabilities.restartUnlessConfig`: read for render targets
/// and sensing sources, refused with the file and the reason otherwise (a plugin that
/// believes it asked to be restarted must learn it did not), and read the same by the
/// fast path as by the general reader; the shipped plugins say what docs/ISOLATION.md says.
@Suite struct RestartFieldTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        _ = try directory.write("libgood.so", "manifests never open it")
    }

    func manifest(_ capabilities: String, kind: String = "render-target") throws -> Result<PluginManifest, PluginProblem> {
        ManifestReader.read(try directory.write("plugin.json", """
            {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.good", "kind": "\(kind)", "version": "1.0.0",
             "abi": {"major": 1, "minor": 7}, "library": "libgood.so", "displayName": {"en": "Good"},
             "capabilities": \(capabilities)}
            """))
    }

    @Test func aTargetOrSourceThatResumesIsRead() throws {
        #expect(try manifest(#"{"restart": "resume"}"#).get().capabilities.resumes)
        #expect(try manifest(#"{}"#).get().capabilities.resumes == false)
        let source = try manifest(#"{"restart": "resume", "restartUnlessConfig": {"pace": "recorded"}}"#, kind: "sensing-source").get()
        #expect(source.capabilities.resumes)
        #expect(source.capabilities.resumesUnlessConfig == ["pace": .string("recorded")])
        #expect(source.capabilities.resumes(configJSON: #"{"pace": "fast", "path": "a"}"#))
        #expect(!source.capabilities.resumes(configJSON: #"{"pace": "recorded", "path": "a"}"#))
    }

    @Test(arguments: [
        (#"{"restart": "always"}"#, "render-target", #"field "capabilities.restart" must be "resume""#),
        (#"{"restart": true}"#, "render-target", "capabilities.restart"),
        (#"{"restart": "resume"}"#, "scene-composer", #"field "capabilities.restart" is for render targets and sensing sources only"#),
        (#"{"restart": "resume"}"#, "perceiver", #"field "capabilities.restart" is for render targets and sensing sources only"#),
        (#"{"restartUnlessConfig": {"pace": "recorded"}}"#, "sensing-source", #"field "capabilities.restartUnlessConfig" is only meaningful beside"#),
    ])
    func aRestartThatCannotBeHonouredIsRefused(_ capabilities: String, _ kind: String, _ expected: String) throws {
        guard case .failure(let problem) = try manifest(capabilities, kind: kind) else {
            Issue.record("accepted \(capabilities) for a \(kind)")
            return
        }
        #expect(problem.description.hasPrefix(directory.file("plugin.json").path + ": "))
        #expect(problem.description.contains(expected), "\(problem.description)")
    }

    /// The one reader takes `restart` with its conditions, and refuses conditions without
    /// a restart or a restart it does not know.
    @Test func theReaderTakesARestartAndRefusesWhatItCannotMean() throws {
        for (kind, capabilities) in [("render-target", #"{"channel": "captions", "restart": "resume"}"#),
                                     ("sensing-source", #"{"restart": "resume", "restartUnlessConfig": {"pace": "recorded", "n": 2}}"#)] {
            let url = try directory.write("good.json", """
                {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.good", "kind": "\(kind)", "version": "1.0.0",
                 "abi": {"major": 1, "minor": 7}, "library": "libgood.so", "displayName": {"en": "Good"},
                 "capabilities": \(capabilities)}
                """)
            let manifest = try ManifestReader.parse(try Data(contentsOf: url), at: url).get()
            #expect(manifest.capabilities.resumes == true, "\(capabilities)")
        }
        for capabilities in [#"{"restartUnlessConfig": {}}"#, #"{"restart": "later"}"#] {
            let url = try directory.write("left.json", """
                {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.good", "kind": "sensing-source", "version": "1.0.0",
                 "abi": {"major": 1, "minor": 7}, "library": "libgood.so", "displayName": {"en": "Good"},
                 "capabilities": \(capabilities)}
                """)
            guard case .failure(let problem) = ManifestReader.parse(try Data(contentsOf: url), at: url) else {
                Issue.record("accepted: \(capabilities)")
                continue
            }
            #expect(problem.description.contains("capabilities.restart"), "\(problem.description)")
        }
    }

    /// What docs/ISOLATION.md's table says of each shipped plugin.
    @Test func theShippedPluginsSayWhetherTheyResume() throws {
        let expected: [String: Bool] = [
            "caption-file": true, "haptic-log": true, "espeak-speech": true, "speech-dispatcher": true, "braille": false,
            "replay-source": true, "audio-source": true, "camera-source": true, "freenect-source": false,
            "label-list-composer": false, "object-detector": false,
        ]
        for (name, resumes) in expected {
            let url = RepositoryPaths.root.appendingPathComponent("manifests/\(name).json")
            let data = try Data(contentsOf: url)
            guard case .object(let object)? = JSONValue.parse(data), case .object(let capabilities)? = object["capabilities"] else {
                Issue.record("\(name): no capabilities")
                continue
            }
            #expect((capabilities["restart"] == .string("resume")) == resumes, "\(name)")
        }
    }
}
