import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// Cues without words (`capabilities.cues` in a manifest, `cues` in a profile's target):
/// read when they name a cue the host knows, for a render target built against a header
/// that defines it; refused with the file and the reason otherwise, never ignored, since
/// a cue silently dropped is an alert repeat a deaf-blind person silently never feels.
@Suite struct CueFieldTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        _ = try directory.write("libgood.so", "manifests never open it")
    }

    func manifest(cues: String, kind: String = "render-target", minor: Int = 3) throws -> Result<PluginManifest, PluginProblem> {
        ManifestReader.read(try directory.write("plugin.json", """
            {"schema": "sensebridge.plugin-manifest/1", "id": "org.example.good", "kind": "\(kind)", "version": "1.0.0",
             "abi": {"major": 1, "minor": \(minor)}, "library": "libgood.so", "displayName": {"en": "Good"},
             "capabilities": {"cues": \(cues)}}
            """))
    }

    @Test func anOfferedCueIsReadWithItsDefault() throws {
        #expect(try manifest(cues: #"{"awareness-pulse": true}"#).get().capabilities.cues == [.awarenessPulse: true])
        #expect(try manifest(cues: #"{"awareness-pulse": false}"#).get().capabilities.cues == [.awarenessPulse: false])
        #expect(try manifest(cues: "{}").get().capabilities.cues == [:])
        #expect(try manifest(cues: #"{"awareness-pulse": true, "safety-alert": true}"#, minor: 6).get().capabilities.cues
                == [.awarenessPulse: true, .safetyAlert: true])
    }

    @Test(arguments: [
        (#"{"awareness-puls": true}"#, "render-target", 3, #"field "capabilities.cues.awareness-puls" is not a cue this host knows (awareness-pulse, safety-alert)"#),
        (#"{"awareness-pulse": true}"#, "render-target", 2, #"field "capabilities.cues.awareness-pulse" needs ABI 1.3 or later; this manifest says 1.2"#),
        (#"{"safety-alert": true}"#, "render-target", 5, #"field "capabilities.cues.safety-alert" needs ABI 1.6 or later; this manifest says 1.5"#),
        (#"{"awareness-pulse": true}"#, "scene-composer", 3, #"field "capabilities.cues" is for render targets only"#),
        (#"{"awareness-pulse": "yes"}"#, "render-target", 3, "capabilities.cues.awareness-pulse"),
        (#"["awareness-pulse"]"#, "render-target", 3, "capabilities.cues"),
    ])
    func aCueThatCannotBePlayedIsRefused(_ cues: String, _ kind: String, _ minor: Int, _ expected: String) throws {
        guard case .failure(let problem) = try manifest(cues: cues, kind: kind, minor: minor) else {
            Issue.record("accepted \(cues) for a \(kind) at 1.\(minor)")
            return
        }
        #expect(problem.description.hasPrefix(directory.file("plugin.json").path + ": "))
        #expect(problem.description.contains(expected), "\(problem.description)")
    }

    func profile(target: String) throws -> (URL, Result<OutputProfile, Error>) {
        let url = try directory.write("mine.json", """
        {"schema": "sensebridge.output-profile/1", "name": "mine", "composer": "org.sensebridge.label-list",
         "renderTargets": [\(target)]}
        """)
        return (url, Result { try ProfileReader.read(url) })
    }

    @Test func aProfileChoosesPerTargetOverTheManifestsDefault() throws {
        let read = try profile(target: #"{"id": "org.sensebridge.haptic-log", "cues": {"awareness-pulse": false}}, "org.sensebridge.espeak-speech""#).1.get()
        #expect(read.renderTargets[0].cues == [.awarenessPulse: false])
        #expect(read.renderTargets[1].cues == [:])
        // Off by the profile although on by default; on by default; asked but not offered.
        #expect(read.renderTargets[0].cuesPlayed(offered: [.awarenessPulse: true]) == [])
        #expect(read.renderTargets[1].cuesPlayed(offered: [.awarenessPulse: true]) == [.awarenessPulse])
        #expect(OutputProfile.PluginReference(id: "x", cues: [.awarenessPulse: true]).cuesPlayed(offered: [:]) == [])
        #expect(OutputProfile.PluginReference(id: "x", cues: [.awarenessPulse: true]).cuesPlayed(offered: [.awarenessPulse: false]) == [.awarenessPulse])
    }

    @Test(arguments: [
        (#"{"id": "a.b", "cues": {"pulse": true}}"#, #"field "renderTargets[0].cues" names "pulse", which is not a cue (the cues are: awareness-pulse, safety-alert)."#),
        (#"{"id": "a.b", "cues": {"awareness-pulse": 1}}"#, #"field "renderTargets[0].cues.awareness-pulse" must be true or false, not 1."#),
        (#"{"id": "a.b", "cues": ["awareness-pulse"]}"#, #"field "renderTargets[0].cues" must be an object such as {"awareness-pulse": true}, not ["awareness-pulse"]."#),
    ])
    func aProfilesBadCueNamesTheFileAndTheField(_ target: String, _ expected: String) throws {
        let (url, result) = try profile(target: target)
        guard case .failure(let error) = result, let problem = error as? ProfileProblem else {
            Issue.record("accepted \(target)")
            return
        }
        #expect(problem.path == url.path)
        #expect(problem.reason.contains(expected), "\(problem.reason)")
    }
}
