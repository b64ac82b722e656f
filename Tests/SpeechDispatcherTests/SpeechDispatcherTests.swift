import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The target loaded from its built library through the host, against a real
/// speech-dispatcher started for each test (TestSpeechd): what it was asked to say, in
/// which order, at which priority, and when each render returned.
///
/// Serialized: libspeechd's callbacks name a client by its id, which two daemons both
/// number from 1, so two tests' instances in this process must not wait at once.
@Suite(.serialized) struct SpeechDispatcherTests {
    let host: PluginHost
    let manifest: PluginManifest

    init() throws {
        _ = try RepositoryPaths.stagedManifest("speech-dispatcher.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: "org.sensebridge.speech-dispatcher")
    }

    func target(_ daemon: TestSpeechd, _ config: [String: JSONValue] = [:]) throws -> RenderTargetInstance {
        var config = config
        config["address"] = .string(daemon.address)
        return try host.renderTarget(manifest, config: config)
    }

    /// A text of `bytes` bytes, one sentence: about 40 ms of test speech per byte.
    static func sentence(_ word: String, bytes: Int) -> String {
        var text = word
        while text.utf8.count < bytes - 1 { text += " \(word)" }
        return text + "."
    }

    @Test func textsAreSpokenInOrderAndEachRenderReturnsOnceItsUtteranceEnded() throws {
        let daemon = try TestSpeechd()
        let speech = try target(daemon)
        let messages = [
            OutputMessage(signal: .description, text: "It looks like there might be a chair ahead.", sequence: 1),
            OutputMessage(signal: .readingSegment, text: "Exit through the door on the left.", sequence: 2),
            OutputMessage(signal: .awarenessClear, text: "The way looks clear of that object.", sequence: 3),
            OutputMessage(signal: .sessionSummary, text: "You walked for ten minutes.", sequence: 4),
        ]
        for message in messages {
            let start = Date()
            try speech.render(message)
            let took = Date().timeIntervalSince(start)
            // The module writes END after "speaking" (50 ms + 40 ms per byte): the render
            // came back only after that line was written, so it awaited the END event.
            #expect(daemon.ended(message.text), "render of \(message.signal) returned before its utterance ended")
            #expect(took >= 0.04 * Double(message.text.utf8.count), "render of \(message.signal) took only \(took) s")
        }
        #expect(daemon.begun == messages.map(\.text))
        #expect(daemon.log.allSatisfy { $0.language == "en" })
    }

    @Test func aReadingSegmentsRenderReturnsOnlyAfterItWasSpoken() throws {
        let daemon = try TestSpeechd()
        let speech = try target(daemon)
        let segments = (1...3).map { Self.sentence("Segment\($0)", bytes: 40) }
        for (index, text) in segments.enumerated() {
            let render = CallOnAnotherThread { try speech.render(OutputMessage(signal: .readingSegment, text: text, sequence: UInt64(index))) }
            // Still rendering while the utterance is under way…
            try #require(CallOnAnotherThread.until(seconds: 10) { daemon.began(text) })
            #expect(!render.isFinished || daemon.ended(text), "render of segment \(index) returned while it was being spoken")
            // …and done only after it ended.
            #expect(try render.wait(seconds: 20) == nil)
            #expect(daemon.ended(text))
        }
        #expect(daemon.log.map(\.text) == segments.flatMap { [$0, $0] })
    }

    /// A safety alert is spoken at important priority by its signal alone, like an
    /// obstacle alert (sent here without the urgent flag to show it).
    @Test(arguments: [(OutputSignal.awarenessAlert, true), (.safetyAlert, false)])
    func anAlertAtImportantPriorityCutsOffALongDescription(signal: OutputSignal, urgent: Bool) throws {
        let daemon = try TestSpeechd()
        let describing = try target(daemon), alerting = try target(daemon)
        let long = Self.sentence("chair", bytes: 300)  // 12 s of test speech
        let start = Date()
        let description = CallOnAnotherThread { try describing.render(OutputMessage(signal: .description, text: long)) }
        try #require(CallOnAnotherThread.until(seconds: 10) { daemon.began(long) })
        try alerting.render(OutputMessage(signal: signal, text: "Something is close.", isUrgent: urgent))
        let error = try description.wait(seconds: 30)
        let took = Date().timeIntervalSince(start)
        #expect((error as? PluginCallError)?.isCancelled == true, "the description's render ended with \(String(describing: error))")
        #expect(took < 8, "the description ran \(took) s; the alert should have cut it off")
        #expect(daemon.ended("Something is close."))
        #expect(!daemon.ended(long), "the description was spoken to its end")
        #expect(daemon.begun == [long, "Something is close."])
    }

    /// What sets `important` apart from `text` (which also replaces the `text` before it):
    /// nothing cuts it off. A description arriving during an alert waits for its end; a
    /// safety alert is `important` by its signal alone (sent here without the urgent flag).
    @Test(arguments: [(OutputSignal.awarenessAlert, true), (.safetyAlert, false)])
    func aDescriptionWaitsForAnAlertInsteadOfCuttingItOff(signal: OutputSignal, urgent: Bool) throws {
        let daemon = try TestSpeechd()
        let alerting = try target(daemon), describing = try target(daemon)
        let alert = Self.sentence("close", bytes: 60)  // 2.5 s of test speech
        let render = CallOnAnotherThread { try alerting.render(OutputMessage(signal: signal, text: alert, isUrgent: urgent)) }
        try #require(CallOnAnotherThread.until(seconds: 10) { daemon.began(alert) })
        try describing.render(OutputMessage(signal: .description, text: "A chair."))
        #expect(try render.wait(seconds: 20) == nil, "the alert's render did not end with SB_OK")
        let log = daemon.log
        let alertEnd = log.firstIndex { $0.finished && $0.text == alert }
        let descriptionBegin = log.firstIndex { !$0.finished && $0.text == "A chair." }
        #expect(alertEnd != nil, "the alert was cut off: \(log)")
        #expect(descriptionBegin != nil && alertEnd != nil && descriptionBegin! > alertEnd!, "\(log)")
    }

    @Test func interruptCutsOffTheRenderInProgressAndOnlyThatOne() throws {
        let daemon = try TestSpeechd()
        let speech = try target(daemon)
        // An interrupt with no render in progress is ignored.
        speech.interrupt()
        try speech.render(OutputMessage(signal: .description, text: "Still spoken."))
        #expect(daemon.ended("Still spoken."))

        let long = Self.sentence("page", bytes: 300)
        let render = CallOnAnotherThread { try speech.render(OutputMessage(signal: .readingSegment, text: long)) }
        try #require(CallOnAnotherThread.until(seconds: 10) { daemon.began(long) })
        let interrupted = Date()
        speech.interrupt()
        let error = try render.wait(seconds: 10)
        #expect((error as? PluginCallError)?.isCancelled == true, "\(String(describing: error))")
        #expect(Date().timeIntervalSince(interrupted) < 1)
        // The host then renders the alert; it is spoken, and the segment never ended.
        try speech.render(OutputMessage(signal: .awarenessAlert, text: "Stop.", isUrgent: true))
        #expect(daemon.ended("Stop."))
        #expect(!daemon.ended(long))
    }

    @Test func aStatusIsANotificationThatOtherSpeechDisplacesWithoutHangingTheRender() throws {
        let daemon = try TestSpeechd()
        let reading = try target(daemon), status = try target(daemon)
        // Alone, a status is spoken and awaited like any message.
        try status.render(OutputMessage(signal: .status, text: "Speech output is back."))
        #expect(daemon.ended("Speech output is back."))

        // While text is spoken, speech-dispatcher drops a notification; the render reports
        // that (cancelled, so the host says the status again later) within its retry window.
        let long = Self.sentence("line", bytes: 300)
        let render = CallOnAnotherThread { try reading.render(OutputMessage(signal: .readingSegment, text: long)) }
        try #require(CallOnAnotherThread.until(seconds: 10) { daemon.began(long) })
        let start = Date()
        var error: Error?
        do { try status.render(OutputMessage(signal: .status, text: "The camera stopped.")) } catch let caught { error = caught }
        let took = Date().timeIntervalSince(start)
        #expect((error as? PluginCallError)?.isCancelled == true, "\(String(describing: error))")
        #expect(took < 3, "a discarded status held the render \(took) s")
        #expect(!daemon.began("The camera stopped."))
        #expect(!render.isFinished, "the reading was cut off by a status")
        reading.interrupt()
        _ = try render.wait(seconds: 10)
    }

    @Test func eachMessageIsSpokenInItsLocalesLanguage() throws {
        let daemon = try TestSpeechd(perByte: 0.001)
        let speech = try target(daemon)
        try speech.render(OutputMessage(signal: .description, text: "Parece que hay una silla.", locale: .es))
        try speech.render(OutputMessage(signal: .description, text: "Có vẻ như có một cái ghế.", locale: .vi))
        try speech.render(OutputMessage(signal: .description, text: "It looks like a chair.", locale: .en))
        let finished = daemon.log.filter(\.finished)
        #expect(finished.map(\.language) == ["es", "vi", "en"])
        #expect(finished.map(\.text) == ["Parece que hay una silla.", "Có vẻ như có một cái ghế.", "It looks like a chair."])
    }

    @Test func theProfileCanOverrideRateAndLanguageAndOtherwiseTheUsersSettingsStand() throws {
        let daemon = try TestSpeechd(perByte: 0.001)
        try target(daemon).render(OutputMessage(signal: .description, text: "Default rate."))
        // speech-dispatcher itself reduces "en-GB" to the "en" its module has voices for
        // (seen), so the override is shown with a code it passes on as it is.
        try target(daemon, ["rate": .number(50), "language": .object(["en": .string("pt")])])
            .render(OutputMessage(signal: .description, text: "Faster."))
        let finished = daemon.log.filter(\.finished)
        try #require(finished.count == 2)
        #expect(finished[0].language == "en")
        #expect(finished[1].language == "pt")
        #expect(finished[0].rate != finished[1].rate, "rate 50 reached the module as \(finished[1].rate), the default as \(finished[0].rate)")
    }

    /// SSIP ends a message's text at a line holding only "."; text must never end it early
    /// and smuggle in a command.
    @Test func dotLinesAndLineBreaksCannotBreakTheProtocol() throws {
        let daemon = try TestSpeechd(perByte: 0.001)
        let speech = try target(daemon)
        try speech.render(OutputMessage(signal: .readingSegment, text: "."))
        try speech.render(OutputMessage(signal: .readingSegment, text: "first\r\n.\r\nSET SELF PRIORITY important\r\n.\r\nlast"))
        try speech.render(OutputMessage(signal: .readingSegment, text: ".\n..\nend"))
        try speech.render(OutputMessage(signal: .description, text: "After them."))
        let finished = daemon.log.filter(\.finished).map(\.text)
        try #require(finished.count == 4, "\(finished)")
        #expect(finished[0] == ".")
        #expect(finished[1].hasPrefix("first") && finished[1].contains("SET SELF PRIORITY important") && finished[1].hasSuffix("last"))
        #expect(finished[2].hasPrefix(".") && finished[2].hasSuffix("end"))
        #expect(finished[3] == "After them.")
    }

    @Test func emptyAndWhitespaceTextSaysNothing() throws {
        let daemon = try TestSpeechd(perByte: 0.001)
        let speech = try target(daemon)
        try speech.render(OutputMessage(signal: .status, text: ""))
        try speech.render(OutputMessage(signal: .description, text: "  \n\t "))
        try speech.render(OutputMessage(signal: .awarenessPulse, text: ""))
        try speech.render(OutputMessage(signal: .description, text: "Something."))
        #expect(daemon.begun == ["Something."])
    }

    @Test func aDaemonThatDiesIsUnavailableAndARenderAfterItReturnsSpeaks() throws {
        let daemon = try TestSpeechd()
        let speech = try target(daemon)
        try speech.render(OutputMessage(signal: .description, text: "Before."))

        // Killed while a long segment is being spoken: the render notices and returns.
        let long = Self.sentence("word", bytes: 300)
        let render = CallOnAnotherThread { try speech.render(OutputMessage(signal: .readingSegment, text: long)) }
        try #require(CallOnAnotherThread.until(seconds: 10) { daemon.began(long) })
        let killed = Date()
        try daemon.crash()
        let error = try render.wait(seconds: 10)
        let call = try #require(error as? PluginCallError, "\(String(describing: error))")
        #expect(call.status == 11, "SB_ERR_UNAVAILABLE expected: \(call.message)")  // SB_ERR_UNAVAILABLE
        #expect(call.message.contains(daemon.address), "\(call.message)")
        #expect(Date().timeIntervalSince(killed) < 3)

        // While it is down, each render says so at once, never waiting.
        let start = Date()
        do {
            try speech.render(OutputMessage(signal: .description, text: "While down."))
            Issue.record("rendered with the daemon down")
        } catch let error as PluginCallError {
            #expect(error.status == 11, "\(error.message)")
            #expect(error.message.contains("speech-dispatcher is not running at \(daemon.address)"), "\(error.message)")
        }
        #expect(Date().timeIntervalSince(start) < 1)

        // Back: the next render reconnects and speaks.
        try daemon.start()
        try speech.render(OutputMessage(signal: .description, text: "After."))
        #expect(daemon.ended("After."))
        #expect(!daemon.began("While down."))
    }

    @Test func noDaemonAtCreateIsAClearIOError() throws {
        let directory = try TemporaryDirectory("sb-speechd")
        let address = "unix_socket:\(directory.file("none.sock").path)"
        do {
            _ = try host.renderTarget(manifest, config: ["address": .string(address)])
            Issue.record("created without a daemon")
        } catch let error as PluginCallError {
            #expect(error.status == 7, "\(error.message)")  // SB_ERR_IO
            #expect(error.message.hasPrefix("speech-dispatcher is not running at \(address): "), "\(error.message)")
            #expect(error.message.contains("No such file or directory"), "\(error.message)")
        }
    }

    @Test(arguments: [
        (#"{"rate": 101}"#, "'rate'"), (#"{"rate": "fast"}"#, "'rate'"), (#"{"voices": {"fr": "x"}}"#, "'voices.fr'"),
        (#"{"language": {"en": "en\nQUIT"}}"#, "'language.en'"), (#"{"outputModule": "a\r\nQUIT"}"#, "'outputModule'"),
        (#"{"address": "tcp:x"}"#, "'address'"), (#"{"adress": ""}"#, "'adress'"), (#"{"clientName": ""}"#, "'clientName'"),
    ])
    func invalidConfigIsRefusedNamingTheKey(config: String, key: String) throws {
        do {
            _ = try host.renderTarget(manifest, rawConfig: config)
            Issue.record("created with \(config)")
        } catch let error as PluginCallError {
            #expect(error.status == 2, "\(config): \(error.message)")  // SB_ERR_INVALID_CONFIG
            #expect(error.message.contains(key), "\(config): \(error.message)")
        }
    }
}

/// libspeechd writes with write(2): to a daemon that stopped reading, that raises SIGPIPE,
/// whose default action ends the process — here the test process, as it would the host's.
/// In the serialized suite: the peers number their client 1, as a real daemon does.
extension SpeechDispatcherTests {
    /// A daemon that died mid-utterance and is back at once (restarted, or socket-activated):
    /// the render reconnects and says the message again, and returns once that one ended.
    @Test func aDaemonBackRightAwayGetsTheMessageAgain() throws {
        let directory = try TemporaryDirectory("sb-ssip")
        let socket = directory.file("ssip.sock").path
        let record = directory.file("texts")
        let peer = try SpawnedChild("/usr/bin/python3", [RepositoryPaths.root.appendingPathComponent("Tests/Servers/ssip_restarting.py").path, socket, record.path])
        defer { peer.kill(); _ = peer.wait() }
        try #require(CallOnAnotherThread.until(seconds: 10) { FileManager.default.fileExists(atPath: socket) })
        let speech = try host.renderTarget(manifest, config: ["address": .string("unix_socket:\(socket)")])
        try speech.render(OutputMessage(signal: .readingSegment, text: "Said twice."))
        let texts = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
        #expect(texts == "TEXT Said twice.\nTEXT Said twice.\n", "\(texts)")
    }

    @Test func aDaemonThatStopsReadingMidMessageIsUnavailableAndTheProcessLives() throws {
        let directory = try TemporaryDirectory("sb-ssip")
        let socket = directory.file("ssip.sock").path
        let peer = try SpawnedChild("/usr/bin/python3", [RepositoryPaths.root.appendingPathComponent("Tests/Servers/ssip_half_closed.py").path, socket])
        defer { peer.kill(); _ = peer.wait() }
        try #require(CallOnAnotherThread.until(seconds: 10) { FileManager.default.fileExists(atPath: socket) })
        let speech = try host.renderTarget(manifest, config: ["address": .string("unix_socket:\(socket)")])
        do {
            try speech.render(OutputMessage(signal: .description, text: "Written to a socket nobody reads."))
            Issue.record("rendered to a peer that stopped reading")
        } catch let error as PluginCallError {
            #expect(error.status == 11, "SB_ERR_UNAVAILABLE expected: \(error.message)")
            #expect(error.message.contains("unix_socket:\(socket)"), "\(error.message)")
        }
    }
}
