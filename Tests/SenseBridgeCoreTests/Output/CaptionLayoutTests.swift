import Foundation
import Testing
@testable import SenseBridgeCore

@Suite struct CaptionLayoutTests {
    @Test func shortTextIsOneCueTimedByReadingSpeed() {
        var layout = CaptionLayout()
        let text = "There might be a chair ahead of you." // 36 characters
        let cues = layout.cues(for: text, at: 2.5)
        #expect(cues.count == 1)
        #expect(cues[0].startMilliseconds == 2500)
        // 36 characters at 15 a second = 2.4 s.
        #expect(cues[0].endMilliseconds == 2500 + 2400)
        #expect(cues[0].lines == [text])
    }

    @Test func durationNeverFallsBelowOneSecondAndRoundsUp() {
        #expect(CaptionLayout.duration(characters: 1) == 1000)
        #expect(CaptionLayout.duration(characters: 15) == 1000)
        #expect(CaptionLayout.duration(characters: 30) == 2000)
        #expect(CaptionLayout.duration(characters: 31) == 2067)
        var layout = CaptionLayout()
        let cue = layout.cues(for: "Hi", at: 0)[0]
        #expect(cue.endMilliseconds - cue.startMilliseconds == 1000)
    }

    @Test func linesStayWithinFortyTwoCharactersAndBreakAtWords() {
        let words = (0..<120).map { index in String(repeating: "abcdefghij", count: 1).prefix(1 + index % 10) }
        let text = words.joined(separator: " ")
        var layout = CaptionLayout()
        let cues = layout.cues(for: text, at: 0)
        let lines = cues.flatMap(\.lines)
        for cue in cues { #expect((1...2).contains(cue.lines.count)) }
        for line in lines {
            #expect(line.count <= 42)
            #expect(!line.hasPrefix(" ") && !line.hasSuffix(" ") && !line.contains("  "))
        }
        // Nothing lost or split: the lines rejoined are the words in order.
        #expect(lines.joined(separator: " ") == text)
        // Greedy: the next word would not have fitted on the line before it.
        for (line, next) in zip(lines, lines.dropFirst()) {
            let firstWord = next.split(separator: " ")[0]
            #expect(line.count + 1 + firstWord.count > 42, "\(line) | \(firstWord)")
        }
    }

    @Test func aWordLongerThanALineIsHardSplit() {
        var layout = CaptionLayout()
        let word = String(repeating: "x", count: 100)
        let lines = layout.cues(for: "go \(word) now", at: 0).flatMap(\.lines)
        #expect(lines == ["go", String(repeating: "x", count: 42), String(repeating: "x", count: 42),
                          String(repeating: "x", count: 16) + " now"])
    }

    @Test func longTextBecomesConsecutiveCues() {
        var layout = CaptionLayout()
        let text = Array(repeating: "word", count: 100).joined(separator: " ")
        let cues = layout.cues(for: text, at: 10)
        #expect(cues.count > 1)
        #expect(cues[0].startMilliseconds == 10_000)
        for (a, b) in zip(cues, cues.dropFirst()) {
            #expect(b.startMilliseconds == a.endMilliseconds)
            #expect(a.lines.count == 2)
        }
        #expect(layout.endOfLastCueMilliseconds == cues.last!.endMilliseconds)
    }

    @Test func cuesNeverRunBackwards() {
        var layout = CaptionLayout()
        let first = layout.cues(for: "A long first sentence that takes a while to read.", at: 10)
        let overlapping = layout.cues(for: "Second.", at: 11)
        #expect(overlapping[0].startMilliseconds == first.last!.endMilliseconds)
        let earlier = layout.cues(for: "From the past.", at: 1)
        #expect(earlier[0].startMilliseconds == overlapping.last!.endMilliseconds)
        let later = layout.cues(for: "Later.", at: 100)
        #expect(later[0].startMilliseconds == 100_000)
    }

    @Test func brokenClocksNeitherCrashNorGoBackwards() {
        var layout = CaptionLayout(resumingAfter: 5000)
        #expect(layout.cues(for: "nan", at: .nan)[0].startMilliseconds == 5000)
        #expect(layout.cues(for: "negative", at: -3)[0].startMilliseconds == 6000)
        let huge = layout.cues(for: "huge", at: 1e300)[0]
        #expect(huge.startMilliseconds == CaptionLayout.latestStartMilliseconds)
        #expect(layout.cues(for: "inf", at: -.infinity)[0].startMilliseconds == huge.endMilliseconds)
    }

    @Test func whitespaceAndControlsCollapseAndEmptyTextGivesNoCue() {
        var layout = CaptionLayout()
        #expect(layout.cues(for: "", at: 1).isEmpty)
        #expect(layout.cues(for: " \n\t\r\n ", at: 1).isEmpty)
        let cue = layout.cues(for: "one\n\ntwo\u{0}three\r\n\u{2028}four", at: 1)[0]
        #expect(cue.lines == ["one two three four"])
        #expect(layout.endOfLastCueMilliseconds > 1000)
    }

    @Test func charactersAreCountedAsAReaderSeesThem() {
        // 42 Vietnamese letters with combining marks: one line, not split mid-letter.
        let word = String(repeating: "e\u{0302}\u{0301}", count: 42)
        var layout = CaptionLayout()
        let lines = layout.cues(for: word, at: 0).flatMap(\.lines)
        #expect(lines == [word])
    }

    /// 1 MB of text: 209,715 four-letter words, eight to a line (8×4+7 = 39 ≤ 42; a ninth
    /// would make 44), two lines to a cue — so 26,215 lines and 13,108 cues.
    @Test func aMegabyteLaysOutInLinearTime() {
        let text = String(repeating: "abcd ", count: 209_715)
        #expect(text.utf8.count == 1_048_575)
        var layout = CaptionLayout()
        let started = ContinuousClock.now
        let cues = layout.cues(for: text, at: 0)
        let elapsed = ContinuousClock.now - started
        print("CaptionLayout: 1 MB laid out in \(elapsed)")
        #expect(cues.count == 13_108)
        #expect(cues.last?.lines.count == 1)
        #expect(cues.allSatisfy { $0.lines.allSatisfy { $0.count <= 42 } })
    }

    /// What lets the caption file stop between cues: each cue is handed over as it is laid
    /// out, and a delivery that throws ends the layout there.
    @Test func layingOutOneCueAtATimeStopsWhereDeliveryStops() {
        struct Interrupted: Error {}
        let text = String(repeating: "The quick brown fox reads the sign aloud. ", count: 50)
        var eager = CaptionLayout()
        let whole = eager.cues(for: text, at: 1)

        var layout = CaptionLayout()
        var delivered: [CaptionCue] = []
        #expect(throws: Interrupted.self) {
            try layout.layOut(text, at: 1) { cue in
                if delivered.count == 3 { throw Interrupted() }
                delivered.append(cue)
            }
        }
        #expect(delivered == Array(whole.prefix(3)))
        // The next message starts after the last cue shown, not after the text never shown.
        let next = layout.cues(for: "Stop.", at: 0)
        #expect(next.first?.startMilliseconds == delivered.last?.endMilliseconds)
        #expect(layout.endOfLastCueMilliseconds < whole.last!.endMilliseconds)
    }
}
