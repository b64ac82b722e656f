import Testing
@testable import SenseBridgeCore

@Suite struct CaptionFileResumeTests {
    /// A file as the caption target writes it.
    func written(_ format: CaptionFormat, _ texts: [(String, Double)]) -> (text: String, cues: [CaptionCue]) {
        var layout = CaptionLayout()
        var out = format.fileHeader
        var cues: [CaptionCue] = []
        for (text, time) in texts {
            for cue in layout.cues(for: text, at: time) {
                cues.append(cue)
                out += format.block(for: cue, index: cues.count)
            }
        }
        return (out, cues)
    }

    func scan(_ text: String, _ format: CaptionFormat) -> Result<CaptionFileResume, CaptionFileResume.Problem> {
        CaptionFileResume.scan(Array(text.utf8), as: format)
    }

    @Test func anEmptyFileStartsFresh() throws {
        for format in CaptionFormat.allCases {
            let resume = try scan("", format).get()
            #expect(resume == CaptionFileResume(keepBytes: 0, prefix: format.fileHeader, lastEndMilliseconds: 0, nextIndex: 1))
            #expect(try scan("\n \n", format).get().keepBytes == 0)
        }
    }

    @Test func ourOwnFileResumesAfterItsLastCue() throws {
        for format in CaptionFormat.allCases {
            let file = written(format, [("There might be a chair.", 1), ("A sign reads <EXIT> & more --> here.", 4), ("Stop.", 9)])
            let resume = try scan(file.text, format).get()
            #expect(resume.keepBytes == file.text.utf8.count)
            #expect(resume.prefix == "")
            #expect(resume.lastEndMilliseconds == file.cues.last!.endMilliseconds)
            if format == .srt { #expect(resume.nextIndex == file.cues.count + 1) }
        }
    }

    @Test func aHeaderOnlyFileResumesAfterTheHeader() throws {
        #expect(try scan("WEBVTT\n\n", .vtt).get() == CaptionFileResume(keepBytes: 8, prefix: "", lastEndMilliseconds: 0, nextIndex: 1))
        #expect(try scan("WEBVTT", .vtt).get().prefix == "\n\n")
        #expect(try scan("\u{FEFF}WEBVTT - made by hand\n", .vtt).get().prefix == "\n")
    }

    /// Cut the last cue at every byte: only that cue may be dropped, never anything before
    /// it, and appending after the kept part always gives a file that scans with every
    /// earlier cue plus the new one.
    @Test func aTornLastCueIsTheOnlyThingEverDropped() throws {
        for format in CaptionFormat.allCases {
            let before = written(format, [("First sentence here.", 1), ("Second one.", 5)])
            let whole = written(format, [("First sentence here.", 1), ("Second one.", 5), ("Third, torn by a crash.", 9)])
            let bytes = Array(whole.text.utf8)
            let lastBlockStart = before.text.utf8.count
            for cut in lastBlockStart..<bytes.count {
                let torn = Array(bytes[..<cut])
                let resume = try CaptionFileResume.scan(torn, as: format).get()
                #expect(resume.keepBytes >= lastBlockStart, "\(format) cut \(cut) dropped earlier cues")
                #expect(resume.keepBytes == lastBlockStart || resume.keepBytes == cut)
                #expect(resume.lastEndMilliseconds >= before.cues.last!.endMilliseconds)

                var layout = CaptionLayout(resumingAfter: resume.lastEndMilliseconds)
                let next = layout.cues(for: "After the crash.", at: 0)[0]
                #expect(next.startMilliseconds >= resume.lastEndMilliseconds)
                let appended = Array(torn[..<resume.keepBytes]) + Array((resume.prefix + format.block(for: next, index: resume.nextIndex)).utf8)
                let again = try CaptionFileResume.scan(appended, as: format).get()
                #expect(again.keepBytes == appended.count, "\(format) cut \(cut): appended file not whole")
                #expect(again.lastEndMilliseconds == next.endMilliseconds)
                #expect(again.prefix == "")
            }
        }
    }

    @Test func handWrittenFilesAreKeptWhole() throws {
        let vtt = "\u{FEFF}WEBVTT\r\n\r\nNOTE made in an editor\r\n\r\nintro\r\n00:01.000 --> 00:02.500 align:start\r\nHello\r\n\r\n00:00:03.000 --> 00:00:04.000\r\nNo final newline"
        let resume = try scan(vtt, .vtt).get()
        #expect(resume.keepBytes == vtt.utf8.count)
        #expect(resume.prefix == "\n\n")
        #expect(resume.lastEndMilliseconds == 4000)

        let srt = "1\n00:00:01,000 --> 00:00:02,000\nOne\n\n7\n00:00:03,000 --> 00:00:04,000\nSeven\n"
        let srtResume = try scan(srt, .srt).get()
        #expect(srtResume.nextIndex == 8)
        #expect(srtResume.prefix == "\n")
        #expect(srtResume.keepBytes == srt.utf8.count)
    }

    @Test func theWrongFormatIsRefusedNamingWhatWasFound() {
        let vtt = written(.vtt, [("Hello.", 1)]).text
        let srt = written(.srt, [("Hello.", 1)]).text
        #expect(scan(vtt, .srt) == .failure(.wrongFormat(found: .vtt)))
        #expect(scan(srt, .vtt) == .failure(.wrongFormat(found: .srt)))
    }

    @Test func otherFilesAreRefused() {
        let notCaptions = ["Dear Sam,\n\nThe meeting is at three.\n", "{\"signal\":\"x\"}\n", "WEBVTTX\n\n", "12\nnot a timing line\ntext\n\n",
                           "1\n00:00:01,000 --> 00:00:0"]
        for text in notCaptions {
            for format in CaptionFormat.allCases {
                #expect(scan(text, format) == .failure(.notACaptionFile), "\(format): \(text)")
            }
        }
        #expect(CaptionFileResume.scan([0x57, 0x45, 0xFF, 0xFE], as: .vtt) == .failure(.notUTF8))
    }

    @Test func timestampsAreReadAsToolsWriteThem() {
        #expect(CaptionTimestampParser.parse("01:02:03.004", format: .vtt) == 3_723_004)
        #expect(CaptionTimestampParser.parse("02:03.004", format: .vtt) == 123_004)
        #expect(CaptionTimestampParser.parse("01:02:03,004", format: .srt) == 3_723_004)
        #expect(CaptionTimestampParser.parse("01:02:03,004", format: .vtt) == nil)
        for bad in ["", "1:2:3.4", "00:60:00.000", "00:00:61.000", "aa:00:00.000", "99999999999999:00:00.000", "00:00.0000"] {
            #expect(CaptionTimestampParser.parse(bad, format: .vtt) == nil, "\(bad)")
        }
    }
}
