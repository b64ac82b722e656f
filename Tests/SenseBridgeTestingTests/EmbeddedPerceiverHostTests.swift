import Foundation
import SenseBridgeCore
import SenseBridgePluginKit
import SenseBridgeTesting
import Testing

@Suite(.serialized) struct EmbeddedPerceiverHostTests {
    /// Four rows: black, white, half white, white.
    let page = ImageFrame(format: .gray8, width: 4, height: 4,
                          pixels: [0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 255, 255, 255, 255])
    /// One white row.
    let line = ImageFrame(format: .gray8, width: 2, height: 1, pixels: [255, 255])

    func block(_ samples: [Float], at milliseconds: UInt64, continues: Bool = true) -> AudioBlock {
        AudioBlock(sampleRate: 8_000, channels: 1, samples: samples, firstSampleNanoseconds: milliseconds * 1_000_000,
                   continuesPrevious: continues)
    }

    @Test func recordsComeBackAndFinishClean() throws {
        let host = try EmbeddedPerceiverHost(WhiteRowReader.self)
        let records = try host.perceive(page)
        #expect(records == [
            PerceptionRecord(kind: .text, label: "row 1", confidence: 0.9, box: NormalizedBox(x: 0, y: 0.25, width: 1, height: 0.25)),
            PerceptionRecord(kind: .text, label: "row 3", confidence: 0.9, box: NormalizedBox(x: 0, y: 0.75, width: 1, height: 0.25)),
        ])
        try host.finish()
        #expect(host.perceiver == nil)
    }

    /// The host measures distances itself; one a perceiver wrote is dropped, as the host drops it.
    @Test func aDistanceFromThePerceiverIsDropped() throws {
        let host = try EmbeddedPerceiverHost(WhiteRowReader.self, config: PluginConfig(#"{"distance": 2.5}"#))
        let records = try host.perceive(line)
        #expect(records.map(\.label) == ["row 0"])
        #expect(records.map(\.distanceMetres) == [nil])
        try host.finish()
    }

    /// A cancel sent from another thread while a perceive waits ends it with `cancelled`.
    @Test func aCancelFromAnotherThreadEndsThePerceiveCancelled() throws {
        nonisolated(unsafe) let host = try EmbeddedPerceiverHost(WhiteRowReader.self, config: PluginConfig(#"{"waitForCancel": true}"#))
        let image = line
        let call = CallOnAnotherThread { _ = try host.perceive(image) }
        let error = try call.wait(seconds: 60, nudging: host.cancel)
        #expect((error as? PluginError)?.code == .cancelled, "\(String(describing: error))")
        try host.finish()
    }

    /// A cancel with no perceive in progress marks nothing the next perceive sees.
    @Test func aCancelWithNoPerceiveInProgressIsIgnored() throws {
        let host = try EmbeddedPerceiverHost(WhiteRowReader.self)
        host.cancel()
        #expect(try host.perceive(line).map(\.label) == ["row 0"])
        try host.finish()
    }

    /// The embedded clock moves only when the test moves it: past the request's deadline,
    /// a perceiver that polls its checkpoint stops with a timeout, a picture or a sound alike.
    @Test func aPerceivePastItsDeadlineTimesOut() throws {
        let reader = try EmbeddedPerceiverHost(WhiteRowReader.self)
        reader.send(reader.request(page))
        reader.services.advance(seconds: 3)  // the request allows two
        let error = #expect(throws: PluginError.self) { try reader.perceiveNext() }
        #expect(error?.code == .timeout)
        try reader.finish()

        let listener = try EmbeddedPerceiverHost(ClickListener.self)
        listener.send(listener.request(block([0.9], at: 0)))
        listener.services.advance(seconds: 3)
        #expect(throws: PluginError.self) { try listener.perceiveNext() }
        try listener.finish()
    }

    @Test func aPerceiveThatReturnsLateIsABrokenRule() throws {
        let services = EmbeddedHostServices()
        let host = try EmbeddedPerceiverHost(WhiteRowReader.self, services: services)
        WhiteRowReader.beforeReturning = { services.advance(seconds: 2.5) }
        defer { WhiteRowReader.beforeReturning = nil }
        #expect(try host.perceive(line).map(\.label) == ["row 0"])
        #expect(host.takeBrokenRules() == ["perceive returned 500 ms after its deadline"])
        try host.finish()
    }

    /// At the header's caps a result is taken; one record or one byte past them, the
    /// whole result is refused, as the host refuses it.
    @Test func aResultBeyondTheCapsIsRefusedWhole() throws {
        let maximum = EmbeddedPerceiverHost<WhiteRowReader>.maximumRecords
        let full = try EmbeddedPerceiverHost(WhiteRowReader.self, config: PluginConfig(#"{"copies": \#(maximum)}"#))
        #expect(try full.perceive(line).count == maximum)
        try full.finish()
        let over = try EmbeddedPerceiverHost(WhiteRowReader.self, config: PluginConfig(#"{"copies": \#(maximum + 1)}"#))
        over.send(over.request(line))
        let tooMany = #expect(throws: EmbeddedResultRefused.self) { try over.perceiveNext() }
        #expect(tooMany?.problem == "\(maximum + 1) records; the limit is \(maximum)")
        #expect(over.readPerception()?.records.count == nil, "a refused result is not read as an empty one")
        try over.finish()

        let bytes = EmbeddedPerceiverHost<WhiteRowReader>.maximumLabelBytes
        let longest = String(repeating: "é", count: bytes / 2)
        let fits = try EmbeddedPerceiverHost(WhiteRowReader.self, config: PluginConfig(#"{"label": "\#(longest)"}"#))
        #expect(try fits.perceive(line).map(\.label) == [longest])
        try fits.finish()
        let long = try EmbeddedPerceiverHost(WhiteRowReader.self, config: PluginConfig(#"{"label": "\#(longest)x"}"#))
        let tooLong = #expect(throws: EmbeddedResultRefused.self) { try long.perceive(line) }
        #expect(tooLong?.problem.contains("longer than \(bytes) bytes") == true, "\(String(describing: tooLong))")
        try long.finish()
    }

    /// Blocks reach a listener in the order sent, one per call, so what it keeps across
    /// blocks is what the host's stream would give it.
    @Test func audioBlocksArePerceivedInOrder() throws {
        let host = try EmbeddedPerceiverHost(ClickListener.self)
        let click: [Float] = [0, 0.9, 0], quiet: [Float] = [0, 0.1, 0]
        host.send(host.request(block(click, at: 0, continues: false)))
        host.send(host.request(block(click, at: 10)))
        host.send(host.request(block(click, at: 20)))
        host.send(host.request(block(quiet, at: 30)))
        host.send(host.request(block(click, at: 100, continues: false)))
        try host.perceiveAll()
        var heard: [[String]] = []
        while let perception = host.readPerception() { heard.append(perception.records.map(\.label)) }
        #expect(heard == [["click"], ["double_click"], ["double_click"], [], ["click"]])
        try host.finish()
    }

    @Test func queuedAndUnreadWorkAreLeftovers() throws {
        let host = try EmbeddedPerceiverHost(ClickListener.self)
        host.send(host.request(block([0.9], at: 0)))
        host.send(host.request(block([0.9], at: 10)))
        try host.perceiveNext()
        do {
            try host.finish()
            Issue.record("finish() accepted a request never perceived and a result never read")
        } catch let error as EmbeddedHostLeftovers {
            #expect(error.leftovers == [.unperceivedRequests(1), .unreadPerceptions(1)])
            #expect(error.description.contains("1 request(s) sent but never perceived"))
        }
    }
}
