import Foundation
import SenseBridgeCore
import SenseBridgePluginKit
import SenseBridgeTesting
import Testing

@Suite struct EmbeddedSourceHostTests {
    @Test func pumpsToTheEndAndFinishesClean() throws {
        let host = try EmbeddedSourceHost(CountingSource.self, config: PluginConfig(#"{"count": 3}"#))
        try host.start()
        #expect(try host.pump() == 3)
        #expect(host.reachedEndOfStream)
        #expect(try host.pump() == 0)  // end of stream stays reported
        var read = 0
        while host.readFrame() != nil { read += 1 }
        #expect(read == 3)
        host.stop()
        try host.finish()
    }

    @Test func unreadFramesAndARunningSourceAreLeftovers() throws {
        let host = try EmbeddedSourceHost(CountingSource.self)
        try host.start()
        try host.pump(maximumFrames: 2)
        _ = host.readFrame()
        do {
            try host.finish()
            Issue.record("finish() accepted an unread frame and a started source")
        } catch let error as EmbeddedHostLeftovers {
            #expect(error.leftovers == [.unreadFrames(1), .sourceStillStarted])
        }
    }

    @Test func repeatedTimestampsAreABrokenRule() throws {
        let host = try EmbeddedSourceHost(CountingSource.self, config: PluginConfig(#"{"count": 3, "repeatTimestamps": true}"#))
        try host.start()
        try host.pump()
        while host.readFrame() != nil {}
        host.stop()
        #expect(host.takeBrokenRules() == ["frame timestamp 1000 ns does not increase on 1000 ns",
                                           "frame timestamp 1000 ns does not increase on 1000 ns"])
        try host.finish()
    }

    @Test func aRestartIsANewRun() throws {
        let host = try EmbeddedSourceHost(CountingSource.self)
        try host.start()
        try host.pump(maximumFrames: 1)
        host.stop()
        #expect(throws: PluginError.notStarted) { try host.pump() }
        try host.start()
        try host.pump(maximumFrames: 1)
        host.stop()
        #expect(host.runs == [1, 2])
        while host.readFrame() != nil {}
        try host.finish()
    }
}
