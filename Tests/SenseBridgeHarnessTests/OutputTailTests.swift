import Testing
@testable import SenseBridgeHarness
import SenseBridgeHost

@Suite struct OutputTailTests {
    @Test func keepsOnlyTheCapacityAndCountsEverything() {
        var tail = OutputTail(capacity: 10)
        for _ in 0..<100 { tail.append(Array("abc".utf8)) }
        #expect(tail.totalBytes == 300)
        #expect(tail.kept.count == 10)
        #expect(tail.droppedBytes == 290)
    }

    @Test func lastLinesMarksACut() {
        var tail = OutputTail()
        tail.append(Array("a\nb\nc\nd\n".utf8))
        #expect(tail.lastLines(2) == "…c\nd")
        #expect(tail.lastLines(10) == "a\nb\nc\nd")
        #expect(tail.lastLines(10, maxBytes: 3) == "…c\nd")
    }

    @Test func invalidUTF8IsShownNotTrusted() {
        var tail = OutputTail()
        tail.append([0x66, 0xFF, 0x67])
        #expect(tail.lastLines() == "f\u{FFFD}g")
    }
}
