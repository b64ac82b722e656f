import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The speech target loaded from its built library through the host, as a third party
/// would load it. WAV output throughout: it is deterministic and needs no sound card.
@Suite(.serialized) struct EspeakSpeechTests {
    let host: PluginHost
    let manifest: PluginManifest

    init() throws {
        _ = try RepositoryPaths.stagedManifest("espeak-speech.json")
        host = PluginHost(searchPath: PluginSearchPath(entries: [.init(directory: RepositoryPaths.stagedPlugins, origin: .build)]))
        manifest = try host.manifest(id: "org.sensebridge.espeak-speech")
    }

    /// `placement`: isolated by default, as a session runs it. The tests of two instances
    /// sharing espeak-ng (one voice a process) ask for in process: isolated, each instance
    /// has an espeak-ng of its own and there is nothing shared to test.
    func target(_ directory: URL, _ config: [String: JSONValue] = [:], placement: Placement = Placement()) throws -> RenderTargetInstance {
        var config = config
        config["output"] = .string("wav")
        config["directory"] = .string(directory.path)
        return try host.renderTarget(manifest, config: config, placement: placement)
    }

    /// Two instances in this process, sharing its espeak-ng.
    func sharingTargets(_ first: URL, _ second: URL) throws -> (RenderTargetInstance, RenderTargetInstance) {
        (try target(first, placement: Placement(isolated: false)), try target(second, placement: Placement(isolated: false)))
    }

    func index(_ directory: URL) throws -> [[String: Any]] {
        let text = try String(contentsOf: directory.appendingPathComponent("speech.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// Speaks one message into a fresh directory and returns its WAV and index line.
    func speak(_ text: String, locale: SpokenLocale = .en, config: [String: JSONValue] = [:]) throws -> (WAVFile, [String: Any]) {
        let directory = try TemporaryDirectory()
        let speech = try target(directory.url, config)
        try speech.render(OutputMessage(signal: .description, text: text, locale: locale, sessionTime: 1.5, sequence: 1))
        let line = try #require(try index(directory.url).first)
        let name = try #require(line["file"] as? String)
        return (try WAVFile(directory.url.appendingPathComponent(name)), line)
    }

    @Test func aMessageBecomesANumberedWAVAndAnIndexLine() throws {
        let directory = try TemporaryDirectory()
        let speech = try target(directory.url)
        try speech.render(OutputMessage(signal: .description, text: "There might be a chair ahead.", sessionTime: 2, sequence: 7))
        try speech.render(OutputMessage(signal: .awarenessAlert, text: "Stop.", isUrgent: true, sessionTime: 3, sequence: 8))
        try speech.render(OutputMessage(signal: .status, text: "  \n ", sessionTime: 4, sequence: 9))  // nothing to say
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(files == ["0001-description.wav", "0002-awarenessAlert.wav", "speech.jsonl"])
        let wav = try WAVFile(directory.file("0001-description.wav"))
        #expect(wav.sampleRate == 22_050 && wav.channels == 1)
        #expect(wav.duration > 0.8 && wav.duration < 4)
        let lines = try index(directory.url)
        #expect(lines.count == 2)
        #expect(lines[0]["sequence"] as? Int == 7)
        #expect(lines[0]["signal"] as? String == "description")
        #expect(lines[0]["characters"] as? Int == 29)
        #expect(abs(((lines[0]["durationSeconds"] as? NSNumber)?.doubleValue ?? 0) - wav.duration) < 0.001)
        #expect(lines[1]["urgent"] as? Bool == true)
        let indexText = try String(contentsOf: directory.file("speech.jsonl"), encoding: .utf8)
        #expect(!indexText.contains("chair"), "the index holds lengths, not what was said")
    }

    /// A safety alert is words, said at once (it cuts off another instance, as every
    /// urgent message does), in a file and an index line of its own signal.
    @Test func aSafetyAlertIsSpokenAsWordsUnderItsOwnSignal() throws {
        let directory = try TemporaryDirectory()
        let speech = try target(directory.url)
        try speech.render(OutputMessage(signal: .safetyAlert, text: "Alert: it sounds like a smoke alarm.", isUrgent: true,
                                        sessionTime: 2, sequence: 3))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(files == ["0001-safetyAlert.wav", "speech.jsonl"])
        #expect(try WAVFile(directory.file("0001-safetyAlert.wav")).duration > 1, "spoken as words, not a tone")
        let line = try #require(try index(directory.url).first)
        #expect(line["signal"] as? String == "safetyAlert")
        #expect(line["urgent"] as? Bool == true)
        #expect(line["characters"] as? Int == 36)
    }

    @Test func numberingContinuesAfterAnEarlierSession() throws {
        let directory = try TemporaryDirectory()
        try target(directory.url).render(OutputMessage(signal: .description, text: "first"))
        try target(directory.url).render(OutputMessage(signal: .description, text: "second"))
        #expect(FileManager.default.fileExists(atPath: directory.file("0002-description.wav").path))
        #expect(try index(directory.url).count == 2)
    }

    @Test func durationGrowsWithTextLength() throws {
        let short = try speak("A chair.").0.duration
        let long = try speak("A chair, a table, a doorway and a flight of stairs going down to the left of the window.").0.duration
        print("speech: 'A chair.' \(short) s; long sentence \(long) s")
        #expect(long > short * 3)
    }

    @Test func doublingTheRateRoughlyHalvesTheDuration() throws {
        let text = "Reading aid: the label on the bottle says take two tablets every morning with water."
        let normal = try speak(text, config: ["rate": .number(175)]).0.duration
        let fast = try speak(text, config: ["rate": .number(350)]).0.duration
        print("speech: 175 wpm \(normal) s, 350 wpm \(fast) s, ratio \(fast / normal)")
        #expect((0.4...0.65).contains(fast / normal))
    }

    @Test func spanishAndVietnameseUseTheirOwnVoices() throws {
        let text = "Hay una puerta cerca."
        let (english, enLine) = try speak(text, locale: .en)
        let (spanish, esLine) = try speak(text, locale: .es)
        let (vietnamese, viLine) = try speak(text, locale: .vi)
        #expect((enLine["voice"] as? String)?.hasPrefix("English") == true)
        #expect((esLine["voice"] as? String)?.hasPrefix("Spanish") == true)
        #expect((viLine["voice"] as? String)?.hasPrefix("Vietnamese") == true)
        #expect(esLine["locale"] as? String == "es")
        #expect(spanish.samples != english.samples)
        #expect(vietnamese.samples != english.samples)
        #expect(vietnamese.samples != spanish.samples)
    }

    @Test func markupIsSpokenAsTheCharactersItIs() throws {
        let hello = try speak("hello").0
        let (markup, _) = try speak("<break time='3s'/> hello [[h@'loU]]")
        print("speech: 'hello' \(hello.duration) s; markup text \(markup.duration) s, longest silence \(markup.longestSilence) s")
        // Read out as characters it is several times longer than "hello" alone…
        #expect(markup.duration > hello.duration * 3)
        // …and no 3 s break was obeyed.
        #expect(markup.longestSilence < 1.0)
    }

    @Test func interruptFromAnotherThreadCutsALongUtteranceShort() throws {
        let text = Array(repeating: "The quick brown fox jumps over the lazy dog near the river bank.", count: 150).joined(separator: " ")
        let full = try speak(text).0.duration

        let directory = try TemporaryDirectory()
        let speech = try target(directory.url)
        let outcome = RenderOutcome()
        let thread = Thread {
            do {
                try speech.render(OutputMessage(signal: .readingSegment, text: text, sequence: 1))
                outcome.set(nil)
            } catch {
                outcome.set(error)
            }
        }
        thread.start()
        // Interrupt once audio is being written — a real condition, polled with a bound.
        let wav = directory.file("0001-readingSegment.wav")
        let deadline = Date().addingTimeInterval(30)
        while ((try? FileManager.default.attributesOfItem(atPath: wav.path)[.size] as? Int) ?? 0) < 100_000 && Date() < deadline {
            usleep(1000)
        }
        speech.interrupt()
        let error = try #require(try outcome.wait(timeout: 30))
        let callError = try #require(error as? PluginCallError, "render ended with \(String(describing: error))")
        #expect(callError.isCancelled)

        let cut = try WAVFile(wav).duration
        print("speech: uninterrupted \(full) s, interrupted \(cut) s")
        #expect(cut < full * 0.5)
        let line = try #require(try index(directory.url).first)
        #expect(line["interrupted"] as? Bool == true)

        // The next message is spoken in full: an interrupt cuts off one render only.
        try speech.render(OutputMessage(signal: .description, text: "After the interrupt.", sequence: 2))
        #expect(try index(directory.url).last?["interrupted"] as? Bool == false)
    }

    @Test func anInterruptBetweenRendersDoesNotSilenceTheNextOne() throws {
        let directory = try TemporaryDirectory()
        let speech = try target(directory.url)
        speech.interrupt()
        try speech.render(OutputMessage(signal: .description, text: "Still spoken."))
        #expect(try index(directory.url).first?["interrupted"] as? Bool == false)
    }

    @Test func anUrgentMessageCutsOffAnotherInstance() throws {
        let text = Array(repeating: "A long passage being read aloud, sentence after sentence.", count: 200).joined(separator: " ")
        let readingDirectory = try TemporaryDirectory(), alertDirectory = try TemporaryDirectory()
        let (reading, alert) = try sharingTargets(readingDirectory.url, alertDirectory.url)
        let outcome = RenderOutcome()
        Thread {
            do { try reading.render(OutputMessage(signal: .readingSegment, text: text)); outcome.set(nil) } catch { outcome.set(error) }
        }.start()
        let wav = readingDirectory.file("0001-readingSegment.wav")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: wav.path) && Date() < deadline { usleep(1000) }
        try alert.render(OutputMessage(signal: .awarenessAlert, text: "Stop.", isUrgent: true))
        let error = try #require(try outcome.wait(timeout: 30))
        #expect((error as? PluginCallError)?.isCancelled == true)
    }

    /// espeak-ng says one thing at a time, so a second instance's render waits for the
    /// first one's utterance. An interrupt must stop it there too, not once the other
    /// utterance (minutes of reading, here) has ended: the check is that the waiting
    /// render returned while the first was still speaking.
    @Test func anInterruptStopsARenderWaitingForAnotherInstance() throws {
        // Over an hour of speech: seconds of synthesis even into a WAV file.
        let text = Array(repeating: "A long passage being read aloud, sentence after sentence.", count: 1500).joined(separator: " ")
        let readingDirectory = try TemporaryDirectory(), waitingDirectory = try TemporaryDirectory()
        let (reading, waiting) = try sharingTargets(readingDirectory.url, waitingDirectory.url)
        let first = CallOnAnotherThread { try reading.render(OutputMessage(signal: .readingSegment, text: text, sequence: 1)) }
        // The first render holds espeak-ng once its audio is being written.
        let wav = readingDirectory.file("0001-readingSegment.wav")
        try #require(CallOnAnotherThread.until(seconds: 30) { FileManager.default.fileExists(atPath: wav.path) })
        let second = CallOnAnotherThread { try waiting.render(OutputMessage(signal: .readingSegment, text: text, sequence: 1)) }
        // Interrupt until it lands: one that arrives before the render began is ignored, as the header says.
        let stopped = CallOnAnotherThread.until(seconds: 30) {
            waiting.interrupt()
            return second.isFinished
        }
        let firstStillSpeaking = !first.isFinished
        reading.interrupt()
        let firstError = try first.wait(seconds: 30)
        #expect(stopped, "the waiting render did not return")
        #expect(firstStillSpeaking, "the waiting render returned only once the other instance had finished speaking")
        let secondError = try second.wait(seconds: 30)
        #expect((secondError as? PluginCallError)?.isCancelled == true, "\(String(describing: secondError))")
        #expect((firstError as? PluginCallError)?.isCancelled == true, "\(String(describing: firstError))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: waitingDirectory.url.path).filter { $0.hasSuffix(".wav") }.isEmpty,
                "nothing of the interrupted render was spoken")
    }

    @Test(arguments: [
        (#"{"rate": 500}"#, "'rate'"), (#"{"rate": 79}"#, "'rate'"), (#"{"volume": 201}"#, "'volume'"),
        (#"{"voices": {"es": "no-such-voice"}}"#, "'voices.es'"), (#"{"voices": {"fr": "fr"}}"#, "'voices.fr'"),
        (#"{"output": "speaker"}"#, "'output'"), (#"{"sped": 1}"#, "'sped'"), (#"{"rate": "fast"}"#, "'rate'"),
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

/// The result of a render running on another thread, awaited with a bound.
/// Unchecked Sendable: `error` is written before `done` is signalled and read only after a successful wait.
final class RenderOutcome: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var error: Error?

    func set(_ error: Error?) {
        self.error = error
        done.signal()
    }

    /// The render's error (nil when it succeeded); throws if it did not finish in time.
    func wait(timeout: TimeInterval) throws -> Error? {
        guard done.wait(timeout: .now() + timeout) == .success else { throw TimedOut() }
        return error
    }

    struct TimedOut: Error {}
}
