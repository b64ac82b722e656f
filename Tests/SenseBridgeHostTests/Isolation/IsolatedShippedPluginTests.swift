import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The shipped plugins served by a runner give what they give in process: the
/// isolation is invisible to the caller, which is what lets sessions not care.
@Suite struct IsolatedShippedPluginTests {
    let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
    let records = [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9),
                   PerceptionRecord(kind: .sound, label: "smoke_alarm", confidence: 0.6)]

    @Test func anIsolatedComposerProposesWhatItProposesInProcess() throws {
        _ = try RepositoryPaths.stagedManifest("label-list-composer.json")
        let manifest = try host.manifest(id: "org.sensebridge.label-list")
        let deadline = MonotonicClock.nanoseconds() + 5_000_000_000
        let isolated = try host.sceneComposer(manifest, placement: Placement(isolated: true))
        let inProcess = try host.sceneComposer(manifest, placement: Placement(isolated: false))
        #expect(isolated.isolated && !inProcess.isolated)
        let apart = try isolated.compose(records: records, locale: "en", maximumWords: 24, maximumLabels: 3, deadline: deadline)
        let together = try inProcess.compose(records: records, locale: "en", maximumWords: 24, maximumLabels: 3, deadline: deadline)
        #expect(!apart.isEmpty)
        #expect(apart == together)
    }

    @Test func anIsolatedCaptionFileWritesItsCues() throws {
        _ = try RepositoryPaths.stagedManifest("caption-file.json")
        let directory = try TemporaryDirectory()
        let manifest = try host.manifest(id: "org.sensebridge.caption-file")
        do {
            let target = try host.renderTarget(manifest, outputDirectory: directory.url, placement: Placement(isolated: true))
            try target.render(OutputMessage(signal: .description, text: "It looks like there's a chair.", sessionTime: 1, sequence: 1))
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        let text = try files.map { try String(contentsOf: directory.url.appendingPathComponent($0), encoding: .utf8) }.joined()
        #expect(text.contains("chair"))
    }
}
