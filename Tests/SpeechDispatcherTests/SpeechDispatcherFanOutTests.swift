import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The promise end to end: the daemon dies mid-session, the person is told once
/// through the output that survives, and speech comes back by itself when the daemon
/// does, which is said once too. The real plugin and daemon in the host's fan-out, beside
/// the real caption file. In the serialized suite, since it waits on libspeechd's events.
extension SpeechDispatcherTests {
    @Test func aDaemonLostMidSessionIsSaidOnceThroughCaptionsAndItsReturnOnce() throws {
        let daemon = try TestSpeechd(perByte: 0.001)
        let output = try TemporaryDirectory()
        let captions = try host.renderTarget(try host.manifest(id: "org.sensebridge.caption-file"), outputDirectory: output.url)
        let fallback = Locked<[String]>([])
        let fan = ProfileFanOut(targets: [(name: "speech", instance: try target(daemon)), (name: "captions", instance: captions)],
                                textFallback: { message in fallback.withLock { $0.append(message.text) } })
        defer { _ = fan.shutdown() }
        func say(_ text: String) {
            fan.deliver(OutputMessage(signal: .description, text: text))
            _ = fan.drain(timeout: 20)
        }

        say("A chair.")
        try daemon.crash()
        say("A door.")
        say("A table.")
        #expect(fan.workingTargetNames == ["captions"])
        try daemon.start()
        say("A window.")
        say("A step.")

        let lost = "The speech output stopped working: it is not answering, and SenseBridge will use it again when it is back. Continuing with captions."
        let back = Phrasing.status(.outputReturned(role: .speech), locale: .en)
        let said = output.captionText("captions.vtt")
        #expect(said.components(separatedBy: "The speech output stopped working").count - 1 == 1, "\(said)")
        #expect(said.contains(lost), "\(said)")
        #expect(said.components(separatedBy: back).count - 1 == 1, "\(said)")
        for text in ["A chair.", "A door.", "A table.", "A window.", "A step."] { #expect(said.contains(text), "\(text): \(said)") }
        // The daemon that came back hears everything from its return on, its return first
        // among the announcements, and nothing said while it was gone.
        #expect(daemon.ended("A window.") && daemon.ended("A step.") && daemon.ended(back), "\(daemon.log)")
        #expect(!daemon.began("A door.") && !daemon.began("A table."))
        #expect(fan.workingTargetNames == ["speech", "captions"])
        #expect(fallback.withLock { $0 }.isEmpty, "captions carried everything; stderr had nothing to do")
    }
}
