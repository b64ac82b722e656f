import CSenseBridgeABI
import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A Swift plugin built through PluginKit that never asks its checkpoint is still cut off
/// at its deadline by the host, in process and isolated alike: PluginKit marks the
/// checkpoint on the host's nudge, nobody looks, and the host gives up one grace later
/// (abandoning the call in process, killing the runner isolated). One that does ask ends
/// the call itself with SB_ERR_TIMEOUT at the deadline, and nothing is abandoned.
/// Tests/Fixtures/swift/DeafComposer; bounds as in ComposerDeadlineTests.
@Suite struct SwiftComposerDeadlineTests {
    static let deadline = 1.0
    static let bound = 6.0
    static let library = "libDeafComposerFixture.so"

    let directory: TemporaryDirectory
    let host: PluginHost
    let manifest: PluginManifest

    /// The library `swift build` made beside the runner, with a manifest written here:
    /// the fixture is never staged.
    init() throws {
        let built = RepositoryPaths.runner.deletingLastPathComponent().appendingPathComponent(Self.library)
        try #require(FileManager.default.fileExists(atPath: built.path), "\(built.path) is missing; run 'swift build' first")
        directory = try TemporaryDirectory("sensebridge-deaf-swift")
        try FileManager.default.copyItem(at: built, to: directory.file(Self.library))
        let manifest: [String: Any] = [
            "schema": "sensebridge.plugin-manifest/1", "id": "org.sensebridge.test.deaf-swift-composer", "kind": "scene-composer",
            "version": "1.0.0", "abi": ["major": Int(SB_ABI_MAJOR), "minor": Int(SB_ABI_MINOR)], "library": Self.library,
            "runtime": SwiftRuntime.current,
            "displayName": ["en": "Deaf Swift composer"], "capabilities": ["usesNetwork": false, "locales": ["en"]],
            "config": ["defaults": ["polls": false],
                       "schema": ["polls": ["type": "boolean", "description": "Whether compose asks its checkpoint."]]],
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: directory.file("deaf-swift-composer.json"))
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        self.manifest = try host.manifest(id: "org.sensebridge.test.deaf-swift-composer")
    }

    func composer(polls: Bool, isolated: Bool) throws -> SceneComposerInstance {
        try host.sceneComposer(manifest, config: ["polls": .bool(polls)], placement: Placement(isolated: isolated))
    }

    @Test(arguments: [true, false])
    func aSwiftComposerThatNeverPollsIsCutOffByTheHost(isolated: Bool) throws {
        let composer = try composer(polls: false, isolated: isolated)
        let (result, elapsed) = composer.timedCompose(deadlineIn: Self.deadline)
        let stopped = try #require(result.thrownError(PluginStopped.self))
        #expect(stopped.code == "missed-deadline")
        #expect(stopped.isolated == isolated)
        #expect(elapsed >= Self.deadline, "cut off before its deadline: \(elapsed) s")
        #expect(elapsed < Self.bound, "the host waited \(elapsed) s of the plugin's 30")
    }

    @Test(arguments: [true, false])
    func aSwiftComposerThatPollsEndsItselfAtTheDeadline(isolated: Bool) throws {
        let composer = try composer(polls: true, isolated: isolated)
        let (result, elapsed) = composer.timedCompose(deadlineIn: Self.deadline)
        let failed = try #require(result.thrownError(PluginCallError.self))
        #expect(failed.isTimeout, "\(failed)")
        #expect(elapsed >= Self.deadline, "timed out before its deadline: \(elapsed) s")
        #expect(elapsed < Self.deadline + CallBounds.grace, "the plugin's own timeout came only after the host's grace: \(elapsed) s")
    }
}
