import Foundation
import SenseBridgeCore
import SenseBridgePluginKit
import SenseBridgeTesting
import Testing

@Suite struct EmbeddedRenderHostTests {
    func message(_ text: String) -> OutputMessage { OutputMessage(signal: .description, text: text) }

    @Test func deliversInOrderAndFinishesClean() throws {
        let host = try EmbeddedRenderHost(RecordingTarget.self)
        host.enqueue(message("one"), message("two"))
        try host.deliverAll()
        #expect(host.target?.rendered == ["one", "two"])
        #expect(host.delivered.map(\.text) == ["one", "two"])
        try host.finish()
        #expect(host.target == nil)
    }

    @Test func unrenderedMessagesAreLeftovers() throws {
        let host = try EmbeddedRenderHost(RecordingTarget.self)
        host.enqueue(message("one"), message("two"), message("three"))
        try host.deliverNext()
        #expect(throws: EmbeddedHostLeftovers.self) { try host.finish() }
        do { try host.finish() } catch {}  // a second finish finds nothing left
        let again = try EmbeddedRenderHost(RecordingTarget.self)
        again.enqueue(message("a"), message("b"))
        do {
            try again.finish()
            Issue.record("finish() accepted two unrendered messages")
        } catch let error as EmbeddedHostLeftovers {
            #expect(error.leftovers == [.unrenderedMessages(2)])
            #expect(error.description.contains("2 message(s) enqueued but never rendered"))
        }
    }

    @Test func aFailedRenderIsThrownAndNotLeftQueued() throws {
        let host = try EmbeddedRenderHost(RecordingTarget.self)
        host.enqueue(message("FAIL now"), message("after"))
        #expect(throws: PluginError.io("The caption file could not be written.")) { try host.deliverAll() }
        try host.deliverAll()
        #expect(host.delivered.map(\.text) == ["after"])
        try host.finish()
    }

    @Test func anInstanceThatOutlivesItsHostIsALeftover() throws {
        let host = try EmbeddedRenderHost(CyclicTarget.self)
        do {
            try host.finish()
            Issue.record("finish() did not notice the instance kept alive by a global")
        } catch let error as EmbeddedHostLeftovers {
            #expect(error.leftovers == [.instanceNotDestroyed(type: "CyclicTarget")])
        }
        CyclicTarget.keepers.removeAll()
    }

    @Test func configErrorsReachTheTestAndInterruptIsForwarded() throws {
        #expect(throws: PluginError.invalidConfig("refuse is set")) {
            try EmbeddedRenderHost(RecordingTarget.self, config: PluginConfig(#"{"refuse": true}"#))
        }
        let host = try EmbeddedRenderHost(RecordingTarget.self)
        host.interrupt()
        #expect(host.target?.interrupts == 1)
        try host.finish()
    }

    @Test func loggedEventsKeepTheirPrivacyLabels() throws {
        let host = try EmbeddedRenderHost(RecordingTarget.self)
        host.enqueue(message("a secret page"))
        try host.deliverAll()
        let event = try #require(host.services.events.first)
        #expect(event.event == "message.rendered")
        #expect(event.fields.first { $0.name == "text" }?.privacy == .private)
        #expect(event.fields.first { $0.name == "signal" }?.privacy == .public)
        try host.finish()
    }
}
