import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting
import Testing
@testable import SenseBridgeHost

/// The fan-out with real C targets: one fast, one slow or failing.
@Suite struct ProfileFanOutTests {
    let plugins: TemporaryDirectory
    let output: TemporaryDirectory
    let host: PluginHost

    init() throws {
        plugins = try TemporaryDirectory()
        output = try TemporaryDirectory()
        try FixturePlugin.makeRecorder(in: plugins.url, path: "{output}/out.txt")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: plugins.url, origin: .commandLine)]))
    }

    func target(_ file: String, delay: Int = 0, failAfter: Int = -1) throws -> RenderTargetInstance {
        try host.renderTarget(try host.manifest(id: "org.sensebridge.recording-target"),
                              config: ["path": .string(output.file(file).path), "delay_ms": .number(Double(delay)),
                                       "fail_after": .number(Double(failAfter))])
    }

    func lines(_ file: String) -> [String] { output.lines(file) }

    /// `fallbackDelay`: how long the text fallback takes to accept a line, as a slow terminal would.
    func fanOut(_ targets: [(String, RenderTargetInstance)], fallback: FallbackLog, fallbackDelay: TimeInterval = 0) -> ProfileFanOut {
        ProfileFanOut(targets: targets.map { (name: $0.0, instance: $0.1) },
                      textFallback: { message in
                          if fallbackDelay > 0 { Thread.sleep(forTimeInterval: fallbackDelay) }
                          fallback.append(message)
                      })
    }

    @Test func aSlowTargetDelaysNeitherTheCallerNorTheOthers() throws {
        let fallback = FallbackLog()
        let fan = fanOut([("fast", try target("fast.txt")), ("slow", try target("slow.txt", delay: 400))], fallback: fallback)
        for index in 1...5 { fan.deliver(OutputMessage(signal: .description, text: "message \(index)")) }
        // deliver() only enqueued: the slow target cannot have finished its first render yet.
        #expect(lines("slow.txt").isEmpty)
        let fastDone = waitFor { lines("fast.txt").count == 5 }
        #expect(fastDone)
        // When the fast target is done with all five, the slow one is still on its first two.
        #expect(lines("slow.txt").count <= 2)
        #expect(fan.drain(timeout: 10))
        #expect(lines("slow.txt").count == 5)
        #expect(fallback.messages.isEmpty)
        _ = fan.shutdown()
    }

    @Test func aFailingTargetIsReportedOnceThroughTheOthers() throws {
        let fallback = FallbackLog()
        let fan = fanOut([("captions", try target("good.txt")), ("speech", try target("bad.txt", failAfter: 1))], fallback: fallback)
        for index in 1...4 { fan.deliver(OutputMessage(signal: .description, text: "message \(index)")) }
        #expect(fan.drain(timeout: 10))
        let good = lines("good.txt")
        let lost = Phrasing.status(.outputLost(role: .speech, reason: .reportedError, others: [.captions]), locale: .en)
        let announcements = good.filter { $0.contains(lost) }
        #expect(announcements.count == 1, "\(good)")
        #expect(good.filter { $0.contains("message") }.count == 4)
        #expect(fan.workingTargetNames == ["captions"])
        #expect(fan.lostTargets.first?.reason == .reportedError)
        #expect(fan.lostTargets.first?.detail.contains("unplugged") == true, "the plugin's message is the detail for stderr")
        #expect(fallback.messages.isEmpty)
        _ = fan.shutdown()
    }

    /// The fallback here is slow to take a line, as a terminal can be, which widens the
    /// moment between a target's loss and its messages being handed on: nobody may see
    /// the target gone before then, and a message delivered meanwhile comes after them.
    @Test func withNoWorkingTargetTheTextFallbackGetsEverythingInOrder() throws {
        let fallback = FallbackLog()
        let fan = fanOut([("speech", try target("bad.txt", failAfter: 0))], fallback: fallback, fallbackDelay: 0.05)
        fan.deliver(OutputMessage(signal: .description, text: "first"))
        #expect(waitFor { fan.workingTargetNames.isEmpty })
        var texts = fallback.messages.map(\.text)
        #expect(texts.contains("first"), "the message the target failed on is handed on before the target is seen gone: \(texts)")
        #expect(texts.contains { $0.hasPrefix("The speech output stopped working") }, "\(texts)")
        fan.deliver(OutputMessage(signal: .awarenessAlert, text: "second", isUrgent: true))
        texts = fallback.messages.map(\.text)
        #expect(texts.filter { $0 == "first" || $0 == "second" } == ["first", "second"], "\(texts)")
    }

    @Test func targetsThatFailedToLoadAreAnnouncedOnce() throws {
        let fallback = FallbackLog()
        let fan = ProfileFanOut(targets: [(name: "haptics", instance: try target("h.txt"))],
                                lostAtStart: [.init(name: "speech", role: .speech, reason: .notInstalled, detail: "libespeak-ng is missing")],
                                textFallback: { fallback.append($0) })
        fan.deliver(OutputMessage(signal: .description, text: "hello"))
        #expect(fan.drain(timeout: 10))
        let lost = Phrasing.status(.outputLost(role: .speech, reason: .notInstalled, others: [.haptics]), locale: .en)
        #expect(lines("h.txt").filter { $0.contains(lost) }.count == 1)
        _ = fan.shutdown()
    }

    /// A cue without words goes only to targets that play it; with none working it is
    /// dropped, never written to the text fallback as a line of nothing (Invariant 7),
    /// while a message with words still is (Invariant 6).
    @Test func aCueReachesOnlyTargetsThatPlayItAndNeverTheTextFallback() throws {
        let fallback = FallbackLog()
        let fan = ProfileFanOut(targets: [(name: "captions", instance: try target("c.txt")), (name: "haptics", instance: try target("h.txt"))],
                                cues: [[], [.awarenessPulse]],
                                textFallback: { fallback.append($0) })
        #expect(fan.deliver(OutputMessage(signal: .awarenessPulse, text: "")) == ["haptics"])
        #expect(fan.drain(timeout: 10))
        _ = fan.shutdown()

        let none = ProfileFanOut(targets: [], textFallback: { fallback.append($0) })
        #expect(none.deliver(OutputMessage(signal: .awarenessPulse, text: "")) == [])
        #expect(fallback.messages.isEmpty)
        none.deliver(OutputMessage(signal: .status, text: "still said"))
        #expect(fallback.messages.map(\.text) == ["still said"])
    }

    /// Invariant 10: a safety alert reaches every target. One that plays the cue gets it
    /// as itself; one that does not gets its words as an urgent awareness alert; with no
    /// target working, the text fallback has it. Never dropped, unlike the pulse.
    @Test func aSafetyAlertReachesATargetWithoutItsCueAsAnUrgentAwarenessAlert() throws {
        let fallback = FallbackLog()
        let fan = ProfileFanOut(targets: [(name: "captions", instance: try target("c.txt")), (name: "haptics", instance: try target("h.txt"))],
                                cues: [[], [.safetyAlert]],
                                textFallback: { fallback.append($0) })
        let alert = OutputMessage(signal: .safetyAlert, text: "Alert: it sounds like a smoke alarm.", isUrgent: true)
        #expect(fan.deliver(alert) == ["captions", "haptics"])
        #expect(fan.drain(timeout: 10))
        _ = fan.shutdown()
        // The recorder writes "<ns> <signal> <urgent> <text>".
        let captions = lines("c.txt").map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }
        let haptics = lines("h.txt").map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }
        #expect(captions == ["\(OutputSignal.awarenessAlert.rawValue) 1 Alert: it sounds like a smoke alarm."])
        #expect(haptics == ["\(OutputSignal.safetyAlert.rawValue) 1 Alert: it sounds like a smoke alarm."])
        #expect(fallback.messages.isEmpty)

        let none = ProfileFanOut(targets: [], textFallback: { fallback.append($0) })
        #expect(none.deliver(alert) == [])
        #expect(fallback.messages.map(\.text) == ["Alert: it sounds like a smoke alarm."])
    }

    /// A profile may turn the cue off for a target; it then gets the stand-in, not nothing.
    @Test func aSafetyAlertTurnedOffByAProfileStillArrivesAsAnAlert() throws {
        let off = OutputProfile.PluginReference(id: "org.sensebridge.haptic-log", cues: [.safetyAlert: false])
        #expect(off.cuesPlayed(offered: [.safetyAlert: true, .awarenessPulse: true]) == [.awarenessPulse])
        let fallback = FallbackLog()
        let fan = ProfileFanOut(targets: [(name: "haptics", instance: try target("h.txt"))], cues: [[.awarenessPulse]],
                                textFallback: { fallback.append($0) })
        // Sent without urgency, the stand-in is urgent all the same.
        #expect(fan.deliver(OutputMessage(signal: .safetyAlert, text: "siren")) == ["haptics"])
        #expect(fan.drain(timeout: 10))
        _ = fan.shutdown()
        #expect(lines("h.txt").map { $0.split(separator: " ", maxSplits: 1).last.map(String.init) ?? "" }
                    == ["\(OutputSignal.awarenessAlert.rawValue) 1 siren"])
    }

    /// Invariant 10: a safety alert cuts off reading, on a target that plays its cue and
    /// on one that gets the stand-in, and is said before the sentences queued after.
    @Test(arguments: [false, true])
    func aSafetyAlertInterruptsAReadingSegmentInProgress(playsTheCue: Bool) throws {
        let fallback = FallbackLog()
        let fan = ProfileFanOut(targets: [(name: "speech", instance: try target("s.txt", delay: 3000))],
                                cues: [playsTheCue ? [.safetyAlert] : []], textFallback: { fallback.append($0) })
        fan.deliver(OutputMessage(signal: .readingSegment, text: "a long sentence being read"))
        fan.deliver(OutputMessage(signal: .readingSegment, text: "the next sentence"))
        #expect(waitFor { fan.isRendering })
        let started = Date()
        fan.deliver(OutputMessage(signal: .safetyAlert, text: "smoke alarm", isUrgent: true))
        #expect(waitFor(seconds: 2.5) { lines("s.txt").count >= 1 })
        #expect(Date().timeIntervalSince(started) < 2.5, "the 3 s sentence was cut off, not finished")
        let signal = playsTheCue ? OutputSignal.safetyAlert : .awarenessAlert
        let first = lines("s.txt").first ?? ""
        #expect(first.contains(" \(signal.rawValue) 1 smoke alarm"), "\(first)")
        _ = fan.shutdown()
    }

    @Test func anUrgentMessageInterruptsAndGoesFirst() throws {
        let fallback = FallbackLog()
        let fan = fanOut([("speech", try target("s.txt", delay: 3000))], fallback: fallback)
        fan.deliver(OutputMessage(signal: .readingSegment, text: "a long sentence being read"))
        fan.deliver(OutputMessage(signal: .readingSegment, text: "the next sentence"))
        #expect(waitFor { fan.isRendering })
        fan.deliver(OutputMessage(signal: .awarenessAlert, text: "obstacle", isUrgent: true))
        // The alert cuts the 3 s render short and is delivered before the queued sentence.
        #expect(waitFor(seconds: 2.5) { lines("s.txt").count >= 1 })
        let first = lines("s.txt").first ?? ""
        #expect(first.contains(" 2 1 obstacle"), "\(first)")
        _ = fan.shutdown()
    }

    /// The reader's keys (`read`: pause, next, back): the sentence being read is cut off and
    /// the queued ones withdrawn, while a status queued behind them is still said.
    @Test func cancellingReadingCutsTheSentenceAndDropsTheQueuedOnes() throws {
        let fallback = FallbackLog()
        let fan = fanOut([("speech", try target("s.txt", delay: 3000))], fallback: fallback)
        fan.deliver(OutputMessage(signal: .readingSegment, text: "a long sentence being read"))
        fan.deliver(OutputMessage(signal: .readingSegment, text: "the next sentence"))
        fan.deliver(OutputMessage(signal: .status, text: "End of text."))
        #expect(waitFor { fan.isRendering })
        fan.cancel(.readingSegment)
        #expect(fan.drain(timeout: 10))
        let said = lines("s.txt")
        #expect(said.count == 1 && said.first?.contains("End of text.") == true, "\(said)")
        _ = fan.shutdown()
    }

    /// A key never silences anything but reading: a status being rendered is not cut off,
    /// and an alert given meanwhile is said. (The fixture renders urgent messages at once,
    /// so the slow render here is the status.)
    @Test func cancellingReadingLeavesEverythingElse() throws {
        let fallback = FallbackLog()
        let fan = fanOut([("speech", try target("s.txt", delay: 1500))], fallback: fallback)
        fan.deliver(OutputMessage(signal: .status, text: "the camera stopped"))
        #expect(waitFor { fan.isRendering })
        fan.cancel(.readingSegment)
        fan.deliver(OutputMessage(signal: .awarenessAlert, text: "obstacle", isUrgent: true))
        fan.cancel(.readingSegment)
        #expect(fan.drain(timeout: 10))
        let said = lines("s.txt")
        #expect(said.contains { $0.contains("obstacle") } && said.contains { $0.contains("the camera stopped") }, "\(said)")
        _ = fan.shutdown()
    }

    /// A status is said once (a lost output, a stopped composer): an alert that cuts it
    /// off must not take it with it, while a description may go.
    @Test func aStatusCutOffByAnAlertIsSaidAfterIt() throws {
        let fallback = FallbackLog()
        let fan = fanOut([("captions", try target("c.txt", delay: 1500))], fallback: fallback)
        fan.deliver(OutputMessage(signal: .status, text: "the speech output stopped working"))
        #expect(waitFor { fan.isRendering })
        fan.deliver(OutputMessage(signal: .awarenessAlert, text: "obstacle", isUrgent: true))
        #expect(waitFor(seconds: 8) { lines("c.txt").count >= 2 })
        let said = lines("c.txt")
        #expect(said.first?.contains("obstacle") == true, "\(said)")
        #expect(said.dropFirst().first?.contains("the speech output stopped working") == true, "\(said)")
        _ = fan.shutdown()
    }

    /// `walk --stats` reads this: each target measures, per signal, how long a message that
    /// carries an observation time waited for its render call; one without it is not counted.
    @Test func eachTargetMeasuresObservationToRenderCall() throws {
        let fallback = FallbackLog()
        let fan = fanOut([("fast", try target("f.txt")), ("slow", try target("s.txt", delay: 300))], fallback: fallback)
        // Observed 50 ms ago: whatever else happens, each wait is at least that.
        let observed = MonotonicClock.nanoseconds() - 50_000_000
        fan.deliver(OutputMessage(signal: .description, text: "first"), observedNanoseconds: observed)
        fan.deliver(OutputMessage(signal: .description, text: "second"), observedNanoseconds: observed)
        #expect(fan.drain(timeout: 10))
        fan.deliver(OutputMessage(signal: .awarenessAlert, text: "alert", isUrgent: true))
        #expect(fan.drain(timeout: 10))
        let latency = Dictionary(uniqueKeysWithValues: fan.renderLatency(of: .description).map { ($0.target, $0.latency) })
        #expect(latency.keys.sorted() == ["fast", "slow"])
        #expect(latency["fast"]?.count == 2)
        #expect(latency["slow"]?.count == 2)
        #expect((latency["fast"]?.minimum ?? 0) >= 50_000_000)
        // The slow target takes 300 ms over a routine message, so the second waited for
        // the first there (and not at the fast target): each target's figure is its own.
        #expect((latency["slow"]?.maximum ?? 0) >= 300_000_000)
        #expect((latency["fast"]?.maximum ?? .max) < 300_000_000)
        #expect(fan.renderLatency(of: .awarenessAlert).allSatisfy { $0.latency.count == 0 }, "no observation time, nothing measured")
        _ = fan.shutdown()
    }
}

// Unchecked Sendable: `lock` guards `stored`.
final class FallbackLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [OutputMessage] = []
    func append(_ message: OutputMessage) { lock.lock(); stored.append(message); lock.unlock() }
    var messages: [OutputMessage] { lock.lock(); defer { lock.unlock() }; return stored }
}

/// Polls a real condition until it holds or the bound passes; never a fixed sleep.
func waitFor(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(2_000)
    }
    return condition()
}
