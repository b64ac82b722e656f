import Foundation
import Testing
@testable import SenseBridgeCore

@Suite struct SpeechOutputTests {
    /// Reads the header back by the RIFF layout, not through WAVHeader's own helpers.
    @Test func wavHeaderIsAStandardPCMHeader() {
        let bytes = WAVHeader(sampleRate: 22_050, channels: 1, dataBytes: 1000).bytes
        func u32(_ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) } }
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        #expect(bytes.count == 44)
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        #expect(u32(4) == 1036)
        #expect(String(decoding: bytes[8..<16], as: UTF8.self) == "WAVEfmt ")
        #expect(u32(16) == 16 && u16(20) == 1 && u16(22) == 1)
        #expect(u32(24) == 22_050 && u32(28) == 44_100 && u16(32) == 2 && u16(34) == 16)
        #expect(String(decoding: bytes[36..<40], as: UTF8.self) == "data")
        #expect(u32(40) == 1000)
        let sizes = WAVHeader.sizeFields(dataBytes: 1000)
        #expect(Array(bytes[WAVHeader.riffSizeOffset..<WAVHeader.riffSizeOffset + 4]) == sizes.riff)
        #expect(Array(bytes[WAVHeader.dataSizeOffset..<WAVHeader.dataSizeOffset + 4]) == sizes.data)
    }

    @Test func markupIsKeptAndControlsAreNeutralized() {
        let text = "<break time='3s'/> hello [[h@'loU]]"
        #expect(SpeechText.neutralized(text) == text)
        #expect(SpeechText.neutralized("fast\u{1}S400 speech\u{0}end\u{7F}") == "fast S400 speech end ")
        #expect(!SpeechText.neutralized("a\u{1}b").unicodeScalars.contains { $0.value < 0x20 })
        #expect(SpeechText.isSpeakable("  a "))
        #expect(!SpeechText.isSpeakable(" \n\u{1}\t"))
        #expect(!SpeechText.isSpeakable(""))
    }

    @Test func utteranceFilesAreNumberedInOrder() {
        #expect(SpeechUtteranceFile.name(number: 1, signal: .description) == "0001-description.wav")
        #expect(SpeechUtteranceFile.name(number: 12_345, signal: .awarenessAlert) == "12345-awarenessAlert.wav")
        #expect(SpeechUtteranceFile.number(inName: "0042-status.wav") == 42)
        #expect(SpeechUtteranceFile.number(inName: "12345-status.wav") == 12_345)
        for other in ["speech.jsonl", "42-status.wav", "0042-status.mp3", "abcd-status.wav", "-x.wav", "9999999999-x.wav"] {
            #expect(SpeechUtteranceFile.number(inName: other) == nil, "\(other)")
        }
    }

    @Test func indexLineHasTheLengthNotTheText() throws {
        let message = OutputMessage(signal: .readingSegment, text: "Take two tablets daily", locale: .vi, sessionTime: 3.25, sequence: 4)
        let line = SpeechIndexLine(wallClock: 0, message: message, voice: "Vietnamese (Northern)", file: "0004-readingSegment.wav",
                                   durationSeconds: 1.2345, interrupted: true).json
        #expect(!line.contains("tablets"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect((object["characters"] as? NSNumber)?.intValue == 22)
        #expect(object["file"] as? String == "0004-readingSegment.wav")
        #expect((object["durationSeconds"] as? NSNumber)?.doubleValue == 1.235 || (object["durationSeconds"] as? NSNumber)?.doubleValue == 1.234)
        #expect(object["interrupted"] as? Bool == true)
        #expect(object["locale"] as? String == "vi")
        #expect(object["time"] as? String == "1970-01-01T00:00:00.000Z")
    }

    /// The pulse's tone: no characters, and no voice rather than a made-up voice name.
    @Test func aToneIsIndexedWithNoVoiceAndNoCharacters() throws {
        let message = OutputMessage(signal: .awarenessPulse, text: "", sessionTime: 2, sequence: 9)
        let line = SpeechIndexLine(wallClock: 0, message: message, voice: nil, file: "0005-awarenessPulse.wav",
                                   durationSeconds: 0.08, interrupted: false).json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["voice"] is NSNull, "\(line)")
        #expect((object["characters"] as? NSNumber)?.intValue == 0)
        #expect(object["signal"] as? String == "awarenessPulse")
        #expect(object["urgent"] as? Bool == false)
    }
}
