import Foundation
import SenseBridgeCore
import SenseBridgeHost
import SenseBridgeRepositoryTesting
import Testing

/// The awareness pulse on the speech target: a short tone, never words. An extension of
/// the speech suite so it shares its serialization: espeak-ng is one per process, and
/// these tests hold it while other tests time their own utterances.
extension EspeakSpeechTests {
    /// Renders one pulse into a fresh directory: its WAV, its index line, the folder's files.
    func pulse(text: String = "", config: [String: JSONValue] = [:]) throws -> (wav: WAVFile, line: [String: Any], files: [String]) {
        let directory = try TemporaryDirectory()
        try target(directory.url, config).render(OutputMessage(signal: .awarenessPulse, text: text, sessionTime: 4, sequence: 3))
        let line = try #require(try index(directory.url).first)
        let name = try #require(line["file"] as? String)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        return (try WAVFile(directory.url.appendingPathComponent(name)), line, files)
    }

    @Test func aPulseIsAShortToneInItsOwnWAV() throws {
        let (wav, line, files) = try pulse()
        #expect(files == ["0001-awarenessPulse.wav", "speech.jsonl"])
        #expect(wav.sampleRate == 22_050 && wav.channels == 1)
        #expect(abs(wav.duration - 0.08) < 0.001, "\(wav.duration) s")
        #expect(abs(wav.zeroCrossingFrequency - 880) < 10, "\(wav.zeroCrossingFrequency) Hz")
        #expect(abs(Double(wav.peak) / Double(Int16.max) - 0.2) < 0.01, "peak \(wav.peak)")
        // Faded in and out: no click at either end.
        #expect(abs(Int(wav.samples.first ?? 1)) < 50 && abs(Int(wav.samples.last ?? 1)) < 50)
        #expect(line["signal"] as? String == "awarenessPulse")
        #expect(line["sequence"] as? Int == 3)
        #expect(line["urgent"] as? Bool == false)
        #expect(line["characters"] as? Int == 0)
        #expect(line["voice"] is NSNull, "no voice spoke a tone")
        #expect(line["interrupted"] as? Bool == false)
        #expect(abs(((line["durationSeconds"] as? NSNumber)?.doubleValue ?? 0) - 0.08) < 0.001)
    }

    @Test func pulsesAndSpeechShareTheNumbering() throws {
        let directory = try TemporaryDirectory()
        let speech = try target(directory.url)
        try speech.render(OutputMessage(signal: .awarenessAlert, text: "Stop.", isUrgent: true, sequence: 1))
        try speech.render(OutputMessage(signal: .awarenessPulse, text: "", sequence: 2))
        try speech.render(OutputMessage(signal: .awarenessPulse, text: "", sequence: 3))
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        #expect(files == ["0001-awarenessAlert.wav", "0002-awarenessPulse.wav", "0003-awarenessPulse.wav", "speech.jsonl"])
        #expect(try index(directory.url).map { $0["signal"] as? String } == ["awarenessAlert", "awarenessPulse", "awarenessPulse"])
    }

    @Test func theTonesPeakFollowsTheVolumeSetting() throws {
        let normal = try pulse().wav.peak
        let loud = try pulse(config: ["volume": .number(200)]).wav.peak
        let quiet = try pulse(config: ["volume": .number(50)]).wav.peak
        #expect(abs(Double(loud) / Double(normal) - 2) < 0.02, "\(loud) vs \(normal)")
        #expect(abs(Double(quiet) / Double(normal) - 0.5) < 0.02, "\(quiet) vs \(normal)")
        let silent = try pulse(config: ["volume": .number(0)]).wav
        #expect(abs(silent.duration - 0.08) < 0.001 && silent.peak == 0)
    }

    /// The host sends a pulse with empty text; should anything else send words with it,
    /// they are still not spoken: the file is the tone, and the index counts no characters.
    @Test func aPulseNeverSpeaksItsText() throws {
        let text = "Stop, there is a wall ahead of you."
        let spoken = try speak(text).0
        let (wav, line, _) = try pulse(text: text)
        #expect(spoken.duration > 1, "the text as speech: \(spoken.duration) s")
        #expect(abs(wav.duration - 0.08) < 0.001)
        #expect(abs(wav.zeroCrossingFrequency - 880) < 10)
        #expect(line["characters"] as? Int == 0)
        let indexText = try JSONSerialization.data(withJSONObject: line)
        #expect(!String(decoding: indexText, as: UTF8.self).contains("wall"))
    }

    /// A pulse is over in one buffer, so an interrupt either lands before it (and the
    /// pulse is cancelled, leaving at most what was written, indexed as interrupted) or
    /// after (and changes nothing). Either way the next pulse plays whole.
    @Test func interruptsAroundPulsesAreHarmless() throws {
        let directory = try TemporaryDirectory()
        let speech = try target(directory.url)
        speech.interrupt()  // between renders: ignored
        try speech.render(OutputMessage(signal: .awarenessPulse, text: "", sequence: 1))
        let hammering = CallOnAnotherThread {
            for _ in 0..<500 { speech.interrupt(); usleep(1000) }
        }
        var cancelled = 0
        for sequence in 2...40 {
            do {
                try speech.render(OutputMessage(signal: .awarenessPulse, text: "", sequence: UInt64(sequence)))
            } catch let error as PluginCallError where error.isCancelled {
                cancelled += 1
            }
        }
        _ = try hammering.wait(seconds: 30)
        try speech.render(OutputMessage(signal: .awarenessPulse, text: "", sequence: 41))
        print("pulse: \(cancelled) of 39 pulses cancelled by an interrupt")
        for line in try index(directory.url) {
            let name = try #require(line["file"] as? String)
            let wav = try WAVFile(directory.file(name))
            if line["interrupted"] as? Bool == true {
                #expect(wav.duration <= 0.08 + 0.001)
            } else {
                #expect(abs(wav.duration - 0.08) < 0.001, "\(name): \(wav.duration) s")
            }
        }
        #expect(try index(directory.url).first?["interrupted"] as? Bool == false)
        #expect(try index(directory.url).last?["interrupted"] as? Bool == false)
        #expect(try index(directory.url).last?["sequence"] as? Int == 41)
    }

    /// espeak-ng's output plays one thing at a time, so a pulse waits behind another
    /// instance's utterance; an interrupt stops it there (the pulse is never played)
    /// instead of it sounding late, once the other utterance is over.
    @Test func anInterruptStopsAPulseWaitingBehindAnotherInstance() throws {
        let text = Array(repeating: "A long passage being read aloud, sentence after sentence.", count: 1500).joined(separator: " ")
        let readingDirectory = try TemporaryDirectory(), pulseDirectory = try TemporaryDirectory()
        let (reading, pulsing) = try sharingTargets(readingDirectory.url, pulseDirectory.url)
        let first = CallOnAnotherThread { try reading.render(OutputMessage(signal: .readingSegment, text: text, sequence: 1)) }
        let wav = readingDirectory.file("0001-readingSegment.wav")
        try #require(CallOnAnotherThread.until(seconds: 30) { FileManager.default.fileExists(atPath: wav.path) })
        let second = CallOnAnotherThread { try pulsing.render(OutputMessage(signal: .awarenessPulse, text: "", sequence: 1)) }
        let stopped = CallOnAnotherThread.until(seconds: 30) {
            pulsing.interrupt()
            return second.isFinished
        }
        let firstStillSpeaking = !first.isFinished
        reading.interrupt()
        _ = try first.wait(seconds: 30)
        #expect(stopped, "the waiting pulse did not return")
        #expect(firstStillSpeaking, "the pulse returned only once the other instance had finished speaking")
        let pulseError = try second.wait(seconds: 30)
        #expect((pulseError as? PluginCallError)?.isCancelled == true, "\(String(describing: pulseError))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pulseDirectory.url.path).filter { $0.hasSuffix(".wav") }.isEmpty)
    }
}
