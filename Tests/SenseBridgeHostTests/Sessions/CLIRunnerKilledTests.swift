import Foundation
import SenseBridgeCore
import SenseBridgeProcess
import SenseBridgeRepositoryTesting
import Testing

/// A shipped composer's or perceiver's runner killed by SIGSEGV in the middle of a real
/// session, through the real binary with `--isolate`, as a crash in the plugin would end
/// it: the session goes on to its normal end (exit 0), the loss is said exactly once and
/// the return exactly once (composers and perceivers are restarted within the budget),
/// nothing written before the kill is lost (captions, reading history), and no runner
/// outlives the run.
///
/// The signal is sent from outside, at a moment the test chooses (after the session has
/// said something), rather than by a fixture that crashes on a given call: what is tested
/// is the shipped plugin's runner, wherever in its work it happens to be.
@Suite struct CLIRunnerKilledTests {
    let home: TemporaryDirectory
    let output: TemporaryDirectory

    init() throws {
        home = try TemporaryDirectory()
        output = try TemporaryDirectory()
    }

    static let composerID = "org.sensebridge.label-list"
    static let ocrID = "org.sensebridge.tesseract-ocr"
    static let detectorID = "org.sensebridge.object-detector"

    /// The caption file's words, cue timings dropped and lines joined: a sentence wraps
    /// across lines and cues, and is still all there.
    var captions: String {
        let file = (try? String(contentsOf: output.file("captions.vtt"), encoding: .utf8)) ?? ""
        return file.split(separator: "\n").filter { !$0.contains("-->") && $0 != "WEBVTT" }.joined(separator: " ")
    }

    func occurrences(_ text: String, in haystack: String) -> Int {
        haystack.components(separatedBy: text).count - 1
    }

    /// `count` copies of a sample picture in a folder, read in name order.
    func folder(of sample: String, count: Int) throws -> URL {
        let folder = home.file("pictures")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let picture = RepositoryPaths.root.appendingPathComponent("samples/\(sample)")
        for index in 1...count {
            try FileManager.default.copyItem(at: picture, to: folder.appendingPathComponent(String(format: "%02d-\(sample)", index)))
        }
        return folder
    }

    /// `describe` over five copies of `sample`, `pluginID`'s runners killed once the first
    /// picture was described: the next one finds them dead.
    func describe(_ sample: String, killing pluginID: String) throws -> (ended: KilledSession.Ended, printedBeforeKill: String) {
        let pictures = try folder(of: sample, count: 5)
        let session = try KilledSession(["describe", pictures.path, "--isolate", "--profile", "deaf", "--output", output.url.path],
                                        home: home.url)
        let killed = session.kill(pluginID, after: { $0.contains("\n") })
        let ended = session.end()
        #expect(killed > 0, "no runner of \(pluginID) was found: \(ended.standardError)")
        return (ended, session.printedBeforeKill)
    }

    // MARK: composers

    @Test func describeGoesOnWhenItsComposersRunnerIsKilled() throws {
        let (ended, printedBeforeKill) = try describe("photo-coffee.png", killing: Self.composerID)
        expectSurvived(ended, home: home.url)
        #expect(occurrences(Phrasing.status(.composerStopped, locale: .en), in: captions) == 1, "\(captions)")
        #expect(occurrences(Phrasing.status(.composerReturned, locale: .en), in: captions) == 1, "\(captions)")
        let pictureLines = ended.standardOutput.split(separator: "\n").filter { $0.hasPrefix("[") || $0.first?.isNumber == true }
        #expect(pictureLines.count >= 5, "every picture is described: \(ended.standardOutput)")
        for line in printedBeforeKill.split(separator: "\n") {
            let sentence = line.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
            if !sentence.isEmpty { #expect(captions.contains(sentence), "said before the kill, lost: \(sentence)") }
        }
    }

    /// At the recording's own pace (9 s, a description a second), so the kill after the
    /// first description leaves moments for the loss and the return to be said in.
    @Test func aWalkGoesOnWhenItsComposersRunnerIsKilled() throws {
        let session = try KilledSession(["walk", "--narration-interval", "1", "--isolate", "--profile", "deaf",
                                         "--output", output.url.path], home: home.url)
        let killed = session.kill(Self.composerID, after: { $0.contains(" description ") })
        let ended = session.end()
        #expect(killed > 0, "no runner of \(Self.composerID) was found: \(ended.standardError)")
        expectSurvived(ended, home: home.url)
        #expect(occurrences(Phrasing.status(.composerStopped, locale: .en), in: captions) == 1, "\(captions)")
        #expect(occurrences(Phrasing.status(.composerReturned, locale: .en), in: captions) == 1, "\(captions)")
        #expect(ended.standardOutput.contains("This session ran for"), "the walk ended with its summary: \(ended.standardOutput)")
        for line in session.printedBeforeKill.split(separator: "\n") where line.contains(" description ") {
            let sentence = line.components(separatedBy: " description ").last!.trimmingCharacters(in: .whitespaces)
            #expect(captions.contains(sentence), "described before the kill, lost: \(sentence)")
        }
    }

    // MARK: perceivers

    /// A crashed OCR mid-book costs the page it was reading, said unread once; the next
    /// page is read by its restarted runner, said back once; what was read before is kept.
    @Test func readingABookGoesOnWhenTheOCRsRunnerIsKilled() throws {
        #expect(try ProcessRunner.cli(["history", "on"], home: home.url).status == 0)
        let pages = try folder(of: "page-en.png", count: 4)
        let session = try KilledSession(["read", pages.path, "--json", "--isolate", "--profile", "deaf", "--output", output.url.path],
                                        home: home.url)
        let killed = session.kill(Self.ocrID, after: { $0.contains(#""signal":"reading""#) || $0.contains(#""signal": "reading""#) })
        let ended = session.end()
        #expect(killed > 0, "no runner of \(Self.ocrID) was found: \(ended.standardError)")
        let texts = ended.standardOutput.split(separator: "\n").compactMap { line -> String? in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["text"] as? String
        }
        let unread = texts.filter { $0 == Phrasing.reading(.pageUnread, locale: .en) }.count
        let back = texts.filter { $0 == Phrasing.status(.perceiverReturned(.text), locale: .en) }.count
        // The page the crash cost is reported in the exit status (69), as any unread page is.
        expectSurvived(ended, home: home.url, status: 69)
        #expect(unread == 1, "the loss is said once: \(texts)")
        #expect(back == 1, "the reader is said back once: \(texts)")
        #expect(texts.filter { $0 == Phrasing.reading(.endOfText, locale: .en) }.count >= 3, "the other pages are read: \(texts)")
        let firstPage = texts.prefix { $0 != Phrasing.reading(.endOfText, locale: .en) }.joined(separator: " ")
        let history = try ProcessRunner.cli(["history", "show", "1"], home: home.url)
        #expect(!firstPage.isEmpty && history.standardOutput.contains(firstPage.prefix(40)),
                "the page read before the kill is in the history: \(history.standardOutput)")
    }

    /// The object detector killed while `describe` looks at a folder of pictures: the
    /// picture it was looking at leaves objects out (said), the next is looked at again
    /// by its restarted runner (said back), and every picture is described.
    @Test func describeGoesOnWhenTheObjectDetectorsRunnerIsKilled() throws {
        let ended = try describe("photo-cat.png", killing: Self.detectorID).ended
        let failed = occurrences(Phrasing.status(.perceiverFailed(.sight), locale: .en), in: captions)
        let back = occurrences(Phrasing.status(.perceiverReturned(.sight), locale: .en), in: captions)
        // The picture the crash cost is reported in the exit status (69), as any perceiver failure is.
        expectSurvived(ended, home: home.url, status: 69)
        #expect(failed == 1 && back == 1, "lost once and back once: \(failed), \(back) in \(captions)")
    }

    /// Thirty seconds of a 3.1 kHz tone beeping four times a second, as 16-bit mono PCM at
    /// 16 kHz: heard as a smoke alarm from 0:12, and long enough after that for a runner
    /// to be killed while the file is still being listened to.
    func recording() throws -> URL {
        let rate = 16_000, seconds = 30
        var samples = Data(capacity: rate * seconds * 2)
        for index in 0..<(rate * seconds) {
            let on = (index / (rate / 4)) % 2 == 0
            let value = on ? Int16(8000 * sin(2 * Double.pi * 3100 * Double(index) / Double(rate))) : 0
            withUnsafeBytes(of: value.littleEndian) { samples.append(contentsOf: $0) }
        }
        func le<T: FixedWidthInteger>(_ value: T) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }
        var file = Data("RIFF".utf8) + le(UInt32(36 + samples.count)) + Data("WAVEfmt ".utf8)
        file += le(UInt32(16)) + le(UInt16(1)) + le(UInt16(1)) + le(UInt32(rate)) + le(UInt32(rate * 2)) + le(UInt16(2)) + le(UInt16(16))
        file += Data("data".utf8) + le(UInt32(samples.count)) + samples
        let url = home.file("beeps.wav")
        try file.write(to: url)
        return url
    }

    /// The sound classifier or the alarm-pattern detector killed while `listen` hears a
    /// file: the blocks it missed are said once, its restarted runner said back once, and
    /// the file is heard to its end.
    @Test(arguments: ["org.sensebridge.sound-classifier", "org.sensebridge.alarm-pattern-detector"])
    func listeningToAFileGoesOnWhenAPerceiversRunnerIsKilled(_ perceiver: String) throws {
        let file = try recording()
        let session = try KilledSession(["listen", file.path, "--isolate", "--profile", "deaf", "--output", output.url.path],
                                        home: home.url)
        // After the first alert (at 0:12 of the recording), with the rest still to hear.
        let killed = session.kill(perceiver, after: { $0.contains("Alert:") })
        let ended = session.end()
        #expect(killed > 0, "no runner of \(perceiver) was found: \(ended.standardError)")
        let failed = occurrences(Phrasing.status(.perceiverFailed(.sound), locale: .en), in: captions)
        let back = occurrences(Phrasing.status(.perceiverReturned(.sound), locale: .en), in: captions)
        #expect(failed == 1 && back == 1, "lost once and back once: \(failed), \(back) in \(captions)")
        #expect(captions.contains("Alert: it sounds like a smoke alarm."), "the alert said before the kill is kept: \(captions)")
        // The blocks the crash cost are reported in the exit status (69), as any perceiver failure is.
        #expect(ended.status == 69, "\(ended.standardError)")
        #expect(PluginRunners.left(home: home.url).isEmpty, "runners left behind")
    }

    /// What holds for every run: it ended well and left no runner behind.
    func expectSurvived(_ result: KilledSession.Ended, home: URL, status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(result.standardError)", sourceLocation: sourceLocation)
        #expect(!captions.isEmpty, "nothing was captioned", sourceLocation: sourceLocation)
        #expect(PluginRunners.left(home: home).isEmpty, "runners left behind", sourceLocation: sourceLocation)
    }
}
