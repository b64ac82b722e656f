import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A caller's "no deadline" (UInt64.max) stays none: the host's grace added to it must
/// not wrap round to a deadline long past, which cancelled a slow but honest composer
/// the moment it started (seen on a loaded machine, where the cancel landed in time).
@Suite struct NoDeadlineTests {
    @Test(arguments: [false, true])
    func aSlowComposerWithNoDeadlineIsNeverCancelled(isolated: Bool) throws {
        let directory = try TemporaryDirectory()
        try FixturePlugin.make(in: directory.url, name: "slow", id: "org.example.slow-composer",
                               defines: ["FIXTURE_COMPOSE_DELAY_MS": "1500"], manifest: ["kind": "scene-composer"],
                               source: "fixture_composer.c")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: directory.url, origin: .commandLine)]))
        let composer = try host.sceneComposer(try host.manifest(id: "org.example.slow-composer"),
                                              placement: Placement(isolated: isolated))
        let phrases = try composer.compose(records: [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)],
                                           locale: "en", maximumWords: 12, maximumLabels: 3, deadline: .max)
        #expect(phrases.compactMap(\.phrase).map(\.text) == ["a chair"])
    }

    @Test func addingGraceToNoDeadlineIsNoDeadline() {
        #expect(CallBounds.adding(1_000_000_000, to: .max) == .max)
        #expect(CallBounds.adding(1_000_000_000, to: 5) == 1_000_000_005)
    }
}
