import Foundation
import SenseBridgeCore
import SenseBridgePluginKit
import SenseBridgeTesting
import Testing
@testable import CountingComposer

/// The composer as the host drives it, but in this process: each request composed on an
/// embedded host whose clock stands still until a test moves it, each batch of phrases
/// judged by the host's own validator, and every test ending in `finish()`, which fails on
/// a phrase the host would have refused or on anything composed and never looked at.
/// This first test stands alone, records and all, as docs/WRITING_PLUGINS.md shows it.
@Test func countsRepeatedLabels() throws {
    let host = try EmbeddedComposerHost(CountingComposer.self)
    let chair = PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)
    let table = PerceptionRecord(kind: .object, label: "table", confidence: 0.8)
    let phrases = try host.compose([chair, table, chair])
    #expect(phrases.map(\.text) == ["two chairs and a table"])
    #expect(phrases.first?.recordIndices == [0, 1, 2])
    try host.finish()
}

@Suite struct CountingComposerTests {
    let chair = PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)
    let table = PerceptionRecord(kind: .object, label: "table", confidence: 0.8)
    let doorbell = PerceptionRecord(kind: .sound, label: "doorbell", confidence: 0.7)

    @Test func sightsAndSoundsAreSaidApart() throws {
        let host = try EmbeddedComposerHost(CountingComposer.self)
        let phrases = try host.compose([chair, doorbell, chair, doorbell])
        #expect(phrases == [ComposedPhrase(stream: .sight, text: "two chairs", recordIndices: [0, 2]),
                            ComposedPhrase(stream: .sound, text: "a doorbell", recordIndices: [1, 3])])
        try host.finish()
    }

    @Test func theHostsWordCeilingIsKept() throws {
        let host = try EmbeddedComposerHost(CountingComposer.self)
        let lamp = PerceptionRecord(kind: .object, label: "lamp", confidence: 0.9)
        // "two chairs, a table and a lamp" is seven words; the host allows five.
        let phrases = try host.compose([chair, table, lamp, chair], maximumWords: 5)
        #expect(phrases.map(\.text) == ["two chairs and a table"])
        try host.finish()
    }

    @Test func otherLocalesAreDeclined() throws {
        let host = try EmbeddedComposerHost(CountingComposer.self)
        let error = #expect(throws: PluginError.self) { try host.compose([chair], locale: "es") }
        #expect(error?.code == .unsupported)
        try host.finish()
    }

    /// The composer has no settings: a key in a profile's config is refused when the host
    /// creates it, naming the key, and so is config that is not a JSON object.
    @Test(arguments: [#"{"maxWords": 3}"#, "[1, 2]", "{"])
    func configItDoesNotUnderstandIsRefused(config: String) throws {
        let error = #expect(throws: PluginError.self) {
            try EmbeddedComposerHost(CountingComposer.self, config: PluginConfig(config))
        }
        #expect(error?.code == .invalidConfig)
        #expect(error?.message.isEmpty == false)
        if config.contains("maxWords") { #expect(error?.message.contains("'maxWords'") == true, "\(String(describing: error))") }
    }

    /// The embedded clock moves only when the test moves it: past the request's deadline,
    /// the composer stops with a timeout instead of returning late.
    @Test func aComposePastItsDeadlineTimesOut() throws {
        let host = try EmbeddedComposerHost(CountingComposer.self)
        host.send(host.request([chair, table]))
        host.services.advance(seconds: 3)  // the request allows two
        let error = #expect(throws: PluginError.self) { try host.composeNext() }
        #expect(error?.code == .timeout)
        try host.finish()
    }

    /// A cancel sent from another thread while a long compose runs ends it with
    /// `cancelled`; the next compose is not affected.
    @Test func aCancelledComposeEndsCancelled() throws {
        nonisolated(unsafe) let host = try EmbeddedComposerHost(CountingComposer.self)
        let records = Array(repeating: chair, count: 200_000)
        let call = CallOnAnotherThread { _ = try host.compose(records) }
        // A cancel that arrives before the call began is ignored, as the header says:
        // cancel until the call returns.
        let returned = CallOnAnotherThread.until(seconds: 60) {
            host.cancel()
            return call.isFinished
        }
        let error = try call.wait(seconds: 60)
        #expect(returned)
        #expect((error as? PluginError)?.code == .cancelled, "\(String(describing: error))")
        #expect(try host.compose([chair]).map(\.text) == ["a chair"])
        try host.finish()
    }

    /// `sensebridge plugins test` on the built library, as the host will load it. It
    /// needs the CLI, which a checkout of this example does not build: SENSEBRIDGE_CLI
    /// names it (scripts/test-examples.sh passes the repository's).
    @Test(.enabled(if: Harness.cli != nil, "SENSEBRIDGE_CLI does not name a sensebridge binary"))
    func passesTheConformanceHarness() throws {
        let outcome = try ConformanceHarness.run(Harness.manifest, library: Harness.library, sensebridge: try #require(Harness.cli))
        #expect(outcome.status == 0 && outcome.failures.isEmpty, "\(outcome.failures)")
        #expect(outcome.checksRun > 0)
    }
}

/// Where the harness finds what it tests: the manifest at this package's root, and the
/// library `swift build` put beside this test binary.
enum Harness {
    static let cli = ProcessInfo.processInfo.environment["SENSEBRIDGE_CLI"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    static let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("counting-composer.json")
    static let library = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("libCountingComposer.so")
}
