import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// Cancel through the built library, judged by the composer's own speed: the same request
/// is timed uncancelled first, so a busy machine slows the yardstick as much as the call.
@Suite(.serialized) struct LabelListCancelTests {
    let composer: SceneComposerInstance

    init() throws {
        _ = try RepositoryPaths.stagedManifest("label-list-composer.json")
        let host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        composer = try host.sceneComposer(try host.manifest(id: "org.sensebridge.label-list"))
    }

    /// Far more records than a frame carries: enough that a compose takes a while even in
    /// a release build, so cancel has something to cut short.
    static let labels = ["chair", "table", "door", "person", "cup", "bottle", "laptop", "book", "dog", "bench"]
    static let records = (0..<80_000).map { index in
        PerceptionRecord(kind: .object, label: labels[index % labels.count], confidence: 0.6 + Double(index % 30) / 100)
    }

    func compose() throws {
        _ = try composer.compose(records: Self.records, locale: "en", maximumWords: 12, maximumLabels: 5, deadline: .max)
    }

    static func seconds(_ body: () throws -> Void) rethrows -> TimeInterval {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    @Test func cancelFromAnotherThreadEndsALongComposeEarly() throws {
        let uncancelled = try Self.seconds { try compose() }
        let composer = self.composer
        let started = Date()
        let call = CallOnAnotherThread { try self.compose() }
        // Cancel until it lands: one that arrives before the call began is ignored, as the header says.
        let returned = CallOnAnotherThread.until(seconds: 60) {
            composer.cancel()
            return call.isFinished
        }
        let cancelled = Date().timeIntervalSince(started)
        let error = try call.wait(seconds: 60)
        print("label list: \(Self.records.count) records composed in \(uncancelled) s; cancelled after \(cancelled) s")
        #expect(returned)
        #expect((error as? PluginCallError)?.isCancelled == true, "\(String(describing: error))")
        #expect(cancelled < uncancelled * 0.5, "cancelled after \(cancelled) s; uncancelled it took \(uncancelled) s")
        // A cancel sticks to its call only: the next compose works.
        let phrases = try composer.compose(records: [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)],
                                           locale: "en", maximumWords: 12, maximumLabels: 5, deadline: .max)
        #expect(phrases.count == 1)
    }

    @Test func aCancelWithNoComposeInProgressIsIgnored() throws {
        composer.cancel()
        let phrases = try composer.compose(records: [PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)],
                                           locale: "en", maximumWords: 12, maximumLabels: 5, deadline: .max)
        #expect(phrases.count == 1)
    }
}
