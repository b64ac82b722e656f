import Testing
@testable import SenseBridgeCore

@Suite struct CaptionFormatTests {
    @Test func timestampsInBothFormats() {
        #expect(CaptionFormat.vtt.timestamp(milliseconds: 0) == "00:00:00.000")
        #expect(CaptionFormat.vtt.timestamp(milliseconds: 3_723_004) == "01:02:03.004")
        #expect(CaptionFormat.srt.timestamp(milliseconds: 3_723_004) == "01:02:03,004")
        #expect(CaptionFormat.vtt.timestamp(milliseconds: 100 * 3_600_000 + 1) == "100:00:00.001")
        #expect(CaptionFormat.srt.timestamp(milliseconds: -5) == "00:00:00,000")
    }

    @Test func webVTTEscapesMarkupAndTheArrow() {
        #expect(CaptionFormat.vtt.escape("<b>EXIT</b> & stairs --> left") == "&lt;b&gt;EXIT&lt;/b&gt; &amp; stairs --&gt; left")
        #expect(CaptionFormat.vtt.escape("&amp;") == "&amp;amp;")
    }

    @Test func subRipNeutralizesTagsAndTheArrow() {
        #expect(CaptionFormat.srt.escape("<i>x</i> & a --> b") == "＜i＞x＜/i＞ & a --＞ b")
    }

    @Test func blocksAreCompleteAndEndWithABlankLine() {
        let cue = CaptionCue(startMilliseconds: 1500, endMilliseconds: 4000, lines: ["a < b", "c"])
        #expect(CaptionFormat.vtt.block(for: cue, index: 9) == "00:00:01.500 --> 00:00:04.000\na &lt; b\nc\n\n")
        #expect(CaptionFormat.srt.block(for: cue, index: 9) == "9\n00:00:01,500 --> 00:00:04,000\na ＜ b\nc\n\n")
        #expect(CaptionFormat.vtt.fileHeader == "WEBVTT\n\n")
        #expect(CaptionFormat.srt.fileHeader == "")
    }

    /// A safety alert's lines are bold in both formats, its text still escaped inside the
    /// tags, so they stay the only markup in the cue.
    @Test func anAlertIsWrittenBoldWithItsTextEscaped() {
        let cue = CaptionCue(startMilliseconds: 0, endMilliseconds: 2000, lines: ["Alert: it sounds like", "a <b> siren"], isAlert: true)
        #expect(CaptionFormat.vtt.block(for: cue, index: 1) == "00:00:00.000 --> 00:00:02.000\n<b>Alert: it sounds like</b>\n<b>a &lt;b&gt; siren</b>\n\n")
        #expect(CaptionFormat.srt.block(for: cue, index: 1) == "1\n00:00:00,000 --> 00:00:02,000\n<b>Alert: it sounds like</b>\n<b>a ＜b＞ siren</b>\n\n")
        #expect(CaptionCue.marksAlert(.safetyAlert))
        for signal in OutputSignal.allCases where signal != .safetyAlert {
            #expect(!CaptionCue.marksAlert(signal), "\(signal)")
        }
        var layout = CaptionLayout()
        #expect(layout.cues(for: "Alert: it sounds like a smoke alarm.", at: 0, alert: true).allSatisfy { $0.isAlert })
        #expect(layout.cues(for: "It sounds like a doorbell.", at: 5).allSatisfy { !$0.isAlert })
    }

    /// Whatever the text, the only "-->" in a block is the timing line's, and no cue text
    /// line is empty (an empty line would end the cue early).
    @Test func noTextCanBreakTheBlockStructure() {
        let nasty = ["-->", "a-->b", "--->", "<-->", "\n\n-->\n\n", "1\n00:00:00,000 --> 00:00:01,000", "&lt;-->&gt;", "- - >", ">>>--"]
        for format in CaptionFormat.allCases {
            var layout = CaptionLayout()
            for text in nasty {
                for (index, cue) in layout.cues(for: text, at: 0).enumerated() {
                    let block = format.block(for: cue, index: index + 1)
                    let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
                    let textLines = lines.dropFirst(format == .srt ? 2 : 1).dropLast(2)
                    #expect(!textLines.isEmpty)
                    for line in textLines {
                        #expect(!line.contains("-->"), "\(format): \(line)")
                        #expect(!line.isEmpty)
                    }
                    #expect(block.components(separatedBy: "-->").count == 2, "\(format): \(block)")
                }
            }
        }
    }
}
