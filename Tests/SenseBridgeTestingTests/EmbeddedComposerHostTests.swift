import Foundation
import SenseBridgeCore
import SenseBridgePluginKit
import SenseBridgeTesting
import Testing

@Suite(.serialized) struct EmbeddedComposerHostTests {
    let chair = PerceptionRecord(kind: .object, label: "chair", confidence: 0.9)
    let bell = PerceptionRecord(kind: .sound, label: "doorbell", confidence: 0.7)

    @Test func composesAndFinishesClean() throws {
        let host = try EmbeddedComposerHost(NamingComposer.self)
        let phrases = try host.compose([chair, bell])
        #expect(phrases == [ComposedPhrase(stream: .sight, text: "a chair", recordIndices: [0]),
                            ComposedPhrase(stream: .sound, text: "a doorbell", recordIndices: [1])])
        try host.finish()
    }

    @Test func phrasesTheHostWouldDiscardAreBrokenRules() throws {
        let host = try EmbeddedComposerHost(NamingComposer.self, config: PluginConfig(#"{"sentences": true}"#))
        _ = try host.compose([chair])
        do {
            try host.finish()
            Issue.record("finish() accepted a sentence from a composer")
        } catch let error as EmbeddedHostLeftovers {
            #expect(error.leftovers.count == 1)
            #expect(error.description.contains("\"There is a chair.\" would be refused by the host: the validator rejected it (sentence)"))
        }
        let taken = try EmbeddedComposerHost(NamingComposer.self, config: PluginConfig(#"{"sentences": true}"#))
        _ = try taken.compose([chair])
        #expect(taken.takeBrokenRules().first?.contains("would be refused by the host") == true)
        try taken.finish()
    }

    @Test func queuedAndUnreadWorkAreLeftovers() throws {
        let host = try EmbeddedComposerHost(NamingComposer.self)
        host.send(host.request([chair]))
        host.send(host.request([bell]))
        try host.composeNext()
        do {
            try host.finish()
            Issue.record("finish() accepted an uncomposed request and unread phrases")
        } catch let error as EmbeddedHostLeftovers {
            #expect(error.leftovers == [.uncomposedRequests(1), .unreadPhrases(batches: 1)])
        }
    }

    @Test func aComposeThatOverrunsItsDeadlineIsABrokenRule() throws {
        let services = EmbeddedHostServices()
        let host = try EmbeddedComposerHost(NamingComposer.self, services: services)
        NamingComposer.beforeReturning = { services.advance(seconds: 3) }
        defer { NamingComposer.beforeReturning = nil }
        _ = try host.compose([chair])
        #expect(host.takeBrokenRules() == ["compose returned 1000 ms after its deadline"])
        try host.finish()
    }

    @Test func theHostVersionIsWhatThePluginSees() {
        // HostServices borrows the table, so each EmbeddedHostServices must outlive its read.
        let current = EmbeddedHostServices(abiMinor: 1), byDefault = EmbeddedHostServices(), older = EmbeddedHostServices(abiMinor: 0)
        withExtendedLifetime((current, byDefault, older)) {
            let version = current.hostServices.hostABIVersion
            #expect(version?.major == 1 && version?.minor == 1)
            #expect(byDefault.hostServices.hostABIVersion != nil)
            #expect(older.hostServices.hostABIVersion == nil, "a 1.0 host's table ends before the version")
        }
    }

    /// From ABI 1.2 the embedded table carries the config as key/value entries, made by
    /// the codec the host uses, so a plugin tested here reads what the host would give it.
    @Test func theConfigEntriesAreWhatThePluginSees() throws {
        let config = PluginConfig(#"{"style": "each", "names": {"es": {"chair": "una silla"}}}"#)
        let services = EmbeddedHostServices(config: config)
        let asOneOne = EmbeddedHostServices(abiMinor: 1, config: config)
        let unflattened = EmbeddedHostServices(config: PluginConfig(#"{"a.b": 1}"#))
        withExtendedLifetime((services, asOneOne, unflattened)) {
            #expect(services.configEntries?.map { "\($0.key)=\($0.value)" } == ["names.es.chair=una silla", "style=each"])
            #expect(asOneOne.configEntries == nil, "a 1.1 host's table ends before the entries")
            #expect(asOneOne.hostServices.hostABIVersion?.minor == 1)
            #expect(unflattened.configEntries == nil, "a dotted key is the header's NULL")
            #expect(EmbeddedHostServices().configEntries?.isEmpty == true)
        }
        // An embedded host without services of its own hands the plugin a table with its config.
        let host = try EmbeddedComposerHost(NamingComposer.self, config: PluginConfig(#"{"sentences": false}"#))
        #expect(host.services.configEntries?.map(\.key) == ["sentences"])
        try host.finish()
    }

    @Test func theManualClockIsWhatThePluginSees() {
        let services = EmbeddedHostServices(clock: .manual(start: 5_000))
        #expect(services.hostServices.monotonicNanoseconds() == 5_000)
        services.advance(nanoseconds: 250)
        #expect(services.hostServices.monotonicNanoseconds() == 5_250)
        let system = EmbeddedHostServices(clock: .system)
        let first = system.hostServices.monotonicNanoseconds()
        #expect(system.hostServices.monotonicNanoseconds() >= first && first > 0)
    }
}
