import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// A target whose daemon or device goes away (SB_ERR_UNAVAILABLE, ABI 1.5) and comes
/// back: said once each way, kept in the meantime, never a reason to go silent. The
/// target is the C recorder, "gone" while a file exists, as speech-dispatcher is gone
/// while its daemon is stopped.
@Suite struct TargetAvailabilityTests {
    let plugins: TemporaryDirectory
    let output: TemporaryDirectory
    let host: PluginHost

    init() throws {
        plugins = try TemporaryDirectory()
        output = try TemporaryDirectory()
        try FixturePlugin.makeRecorder(in: plugins.url, path: "{output}/out.txt")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine)]))
    }

    func target(_ file: String, goneWhile: URL? = nil, isolated: Bool = false) throws -> RenderTargetInstance {
        var config: [String: JSONValue] = ["path": .string(output.file(file).path)]
        if let goneWhile { config["gone_while"] = .string(goneWhile.path) }
        return try host.renderTarget(try host.manifest(id: "org.sensebridge.recording-target"), config: config,
                                     placement: Placement(isolated: isolated))
    }

    func lines(_ file: String) -> [String] { output.lines(file) }

    func fanOut(_ targets: [(String, RenderTargetInstance)], fallback: FallbackLog) -> ProfileFanOut {
        ProfileFanOut(targets: targets.map { (name: $0.0, instance: $0.1) },
                      textFallback: { fallback.append($0) })
    }

    /// In process and in its own runner: the runner protocol carries SB_ERR_UNAVAILABLE
    /// back as itself, not as a failure that would lose the target for good.
    @Test(arguments: [false, true])
    func aTargetThatGoesAwayIsSaidOnceAndItsReturnOnce(isolated: Bool) throws {
        let gone = output.file("speech-daemon-gone")
        try Data().write(to: gone)
        let fallback = FallbackLog()
        let fan = fanOut([("captions", try target("captions.txt")), ("speech", try target("speech.txt", goneWhile: gone, isolated: isolated))],
                         fallback: fallback)
        #expect(fan.workingTargetNames == ["captions", "speech"])
        for index in 1...3 { fan.deliver(OutputMessage(signal: .description, text: "while gone \(index)")) }
        #expect(fan.drain(timeout: 10))
        #expect(fan.workingTargetNames == ["captions"])
        // Unavailable is not lost: the target stays, and nothing lists it as gone for good.
        #expect(fan.lostTargets.isEmpty)
        try FileManager.default.removeItem(at: gone)
        fan.deliver(OutputMessage(signal: .description, text: "after return"))
        #expect(fan.drain(timeout: 10))
        #expect(fan.workingTargetNames == ["captions", "speech"])

        let captions = lines("captions.txt")
        let lost = Phrasing.status(.outputLost(role: .speech, reason: .notAnsweringForNow, others: [.captions]), locale: .en)
        let back = Phrasing.status(.outputReturned(role: .speech), locale: .en)
        #expect(captions.filter { $0.contains(lost) }.count == 1, "\(captions)")
        #expect(captions.filter { $0.contains(back) }.count == 1, "\(captions)")
        #expect(captions.filter { $0.contains("while gone") }.count == 3)
        // The target reconnected within a render and said everything from then on,
        // its own return included.
        let speech = lines("speech.txt")
        #expect(speech.contains { $0.hasSuffix("after return") }, "\(speech)")
        #expect(speech.contains { $0.contains(back) }, "\(speech)")
        #expect(!speech.contains { $0.contains("while gone") })
        #expect(fallback.messages.isEmpty, "another target had every message")
        _ = fan.shutdown()
    }

    @Test func withTheOnlyTargetGoneTheTextFallbackSaysEverythingUntilItIsBack() throws {
        let gone = output.file("display-gone")
        try Data().write(to: gone)
        let fallback = FallbackLog()
        let fan = fanOut([("braille", try target("braille.txt", goneWhile: gone))], fallback: fallback)
        fan.deliver(OutputMessage(signal: .description, text: "first"))
        #expect(waitFor { fan.workingTargetNames.isEmpty })
        fan.deliver(OutputMessage(signal: .awarenessAlert, text: "second", isUrgent: true))
        #expect(fan.drain(timeout: 10))
        var texts = fallback.messages.map(\.text)
        #expect(texts.contains("first"), "the message the target could not say is not lost: \(texts)")
        #expect(texts.contains("second"))
        let lost = Phrasing.status(.outputLost(role: .braille, reason: .notAnsweringForNow, others: []), locale: .en)
        #expect(texts.filter { $0 == lost }.count == 1, "\(texts)")

        try FileManager.default.removeItem(at: gone)
        // The host learns the target is back only by its next render succeeding, so that
        // message goes to stderr as well; the ones after it do not.
        fan.deliver(OutputMessage(signal: .description, text: "third"))
        #expect(fan.drain(timeout: 10))
        fan.deliver(OutputMessage(signal: .description, text: "fourth"))
        #expect(fan.drain(timeout: 10))
        #expect(lines("braille.txt").map { String($0.split(separator: " ", maxSplits: 3).last ?? "") } == ["third", Phrasing.status(.outputReturned(role: .braille), locale: .en), "fourth"])
        texts = fallback.messages.map(\.text)
        #expect(texts.contains("third"))
        #expect(!texts.contains("fourth"), "with the target back, stderr no longer carries the messages")
        _ = fan.shutdown()
    }

    @Test func aGoneTargetThatStaysGoneIsSaidOnceNotPerMessage() throws {
        let gone = output.file("gone")
        try Data().write(to: gone)
        let fallback = FallbackLog()
        let fan = fanOut([("captions", try target("captions.txt")), ("speech", try target("speech.txt", goneWhile: gone))],
                         fallback: fallback)
        for index in 1...20 { fan.deliver(OutputMessage(signal: .description, text: "message \(index)")) }
        #expect(fan.drain(timeout: 10))
        let captions = lines("captions.txt")
        #expect(captions.filter { $0.contains("stopped working") }.count == 1, "\(captions)")
        #expect(!captions.contains { $0.contains("working again") })
        _ = fan.shutdown()
    }
}
