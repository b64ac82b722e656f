import SenseBridgeCore
import Testing

@Suite struct ReadingCursorTests {
    /// Three sentences per locale, through the segmenter as a reader would get them.
    static func segments(_ locale: SpokenLocale) -> [String] {
        let text: String
        switch locale {
        case .en: text = "Dr. Lee opened the letter. It was short! Was it meant for her?"
        case .es: text = "La Sra. Ruiz abrió la carta. ¡Era breve! ¿Era para ella?"
        case .vi: text = "TS. Lê mở lá thư. Thư rất ngắn! Có phải gửi cho bà không?"
        }
        let segments = TextSegmenter(locale: locale).segments(text)
        precondition(segments.count == 3, "the fixture needs three segments: \(segments)")
        return segments
    }

    /// A step the table replays: a command, or an event for utterance `id`.
    enum Step: Sendable {
        case command(ReadingCommand)
        case finished(Int)
        case interrupted(Int)
    }

    /// Named starting states, each reached by real steps from a fresh cursor.
    enum Start: String, CaseIterable, Sendable {
        case fresh, readingFirst, readingMiddle, readingLast, pausedMiddle, pastTheEnd, quit

        var steps: [Step] {
            switch self {
            case .fresh: return []
            case .readingFirst: return [.command(.resume)]
            case .readingMiddle: return [.command(.resume), .finished(1)]
            case .readingLast: return [.command(.resume), .finished(1), .finished(2)]
            case .pausedMiddle: return [.command(.resume), .finished(1), .command(.pause)]
            case .pastTheEnd: return [.command(.resume), .finished(1), .finished(2), .finished(3)]
            case .quit: return [.command(.quit)]
            }
        }
    }

    /// What an action list is expected to be, written without the locale's words.
    enum Expected: Equatable, Sendable {
        case speak(id: Int, segment: Int)
        case stop
        case end
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var start: Start
        var step: Step
        var actions: [Expected]
        var state: ReadingCursor.State
        var testDescription: String { "\(start.rawValue) then \(step)" }
    }

    static func row(_ start: Start, _ command: ReadingCommand, _ actions: [Expected], _ state: ReadingCursor.State) -> Row {
        Row(start: start, step: .command(command), actions: actions, state: state)
    }

    /// Every command in every state. Utterance ids count up from 1, one per speak.
    static let commands: [Row] = [
        row(.fresh, .next, [.speak(id: 1, segment: 1)], .reading(segment: 1, utterance: 1)),
        row(.fresh, .back, [.speak(id: 1, segment: 0)], .reading(segment: 0, utterance: 1)),
        row(.fresh, .repeat, [.speak(id: 1, segment: 0)], .reading(segment: 0, utterance: 1)),
        row(.fresh, .pause, [], .paused(segment: 0)),
        row(.fresh, .resume, [.speak(id: 1, segment: 0)], .reading(segment: 0, utterance: 1)),
        row(.fresh, .toggle, [.speak(id: 1, segment: 0)], .reading(segment: 0, utterance: 1)),
        row(.fresh, .quit, [], .quit),

        row(.readingFirst, .next, [.stop, .speak(id: 2, segment: 1)], .reading(segment: 1, utterance: 2)),
        row(.readingFirst, .back, [.stop, .speak(id: 2, segment: 0)], .reading(segment: 0, utterance: 2)),
        row(.readingFirst, .repeat, [.stop, .speak(id: 2, segment: 0)], .reading(segment: 0, utterance: 2)),
        row(.readingFirst, .pause, [.stop], .paused(segment: 0)),
        row(.readingFirst, .resume, [], .reading(segment: 0, utterance: 1)),
        row(.readingFirst, .toggle, [.stop], .paused(segment: 0)),
        row(.readingFirst, .quit, [.stop], .quit),

        row(.readingMiddle, .next, [.stop, .speak(id: 3, segment: 2)], .reading(segment: 2, utterance: 3)),
        row(.readingMiddle, .back, [.stop, .speak(id: 3, segment: 0)], .reading(segment: 0, utterance: 3)),
        row(.readingMiddle, .repeat, [.stop, .speak(id: 3, segment: 1)], .reading(segment: 1, utterance: 3)),
        row(.readingMiddle, .pause, [.stop], .paused(segment: 1)),
        row(.readingMiddle, .resume, [], .reading(segment: 1, utterance: 2)),
        row(.readingMiddle, .toggle, [.stop], .paused(segment: 1)),
        row(.readingMiddle, .quit, [.stop], .quit),

        row(.readingLast, .next, [.stop, .end], .pastTheEnd),
        row(.readingLast, .back, [.stop, .speak(id: 4, segment: 1)], .reading(segment: 1, utterance: 4)),
        row(.readingLast, .repeat, [.stop, .speak(id: 4, segment: 2)], .reading(segment: 2, utterance: 4)),
        row(.readingLast, .pause, [.stop], .paused(segment: 2)),
        row(.readingLast, .resume, [], .reading(segment: 2, utterance: 3)),
        row(.readingLast, .toggle, [.stop], .paused(segment: 2)),
        row(.readingLast, .quit, [.stop], .quit),

        row(.pausedMiddle, .next, [.speak(id: 3, segment: 2)], .reading(segment: 2, utterance: 3)),
        row(.pausedMiddle, .back, [.speak(id: 3, segment: 0)], .reading(segment: 0, utterance: 3)),
        row(.pausedMiddle, .repeat, [.speak(id: 3, segment: 1)], .reading(segment: 1, utterance: 3)),
        row(.pausedMiddle, .pause, [], .paused(segment: 1)),
        row(.pausedMiddle, .resume, [.speak(id: 3, segment: 1)], .reading(segment: 1, utterance: 3)),
        row(.pausedMiddle, .toggle, [.speak(id: 3, segment: 1)], .reading(segment: 1, utterance: 3)),
        row(.pausedMiddle, .quit, [], .quit),

        row(.pastTheEnd, .next, [], .pastTheEnd),
        row(.pastTheEnd, .back, [.speak(id: 4, segment: 2)], .reading(segment: 2, utterance: 4)),
        row(.pastTheEnd, .repeat, [.speak(id: 4, segment: 2)], .reading(segment: 2, utterance: 4)),
        row(.pastTheEnd, .pause, [], .pastTheEnd),
        row(.pastTheEnd, .resume, [], .pastTheEnd),
        row(.pastTheEnd, .toggle, [], .pastTheEnd),
        row(.pastTheEnd, .quit, [], .quit),
    ] + ReadingCommand.allCases.map { row(.quit, $0, [], .quit) }

    /// Events, current and stale, in every state that can receive one.
    static let events: [Row] = [
        Row(start: .readingFirst, step: .finished(1), actions: [.speak(id: 2, segment: 1)], state: .reading(segment: 1, utterance: 2)),
        Row(start: .readingLast, step: .finished(3), actions: [.end], state: .pastTheEnd),
        Row(start: .readingMiddle, step: .interrupted(2), actions: [], state: .paused(segment: 1)),
        // Stale: utterance 1 was finished already; its late events change nothing.
        Row(start: .readingMiddle, step: .finished(1), actions: [], state: .reading(segment: 1, utterance: 2)),
        Row(start: .readingMiddle, step: .interrupted(1), actions: [], state: .reading(segment: 1, utterance: 2)),
        Row(start: .readingMiddle, step: .finished(7), actions: [], state: .reading(segment: 1, utterance: 2)),
        // Paused, the utterance that was stopped may still report either way.
        Row(start: .pausedMiddle, step: .finished(2), actions: [], state: .paused(segment: 1)),
        Row(start: .pausedMiddle, step: .interrupted(2), actions: [], state: .paused(segment: 1)),
        Row(start: .fresh, step: .finished(1), actions: [], state: .paused(segment: 0)),
        Row(start: .pastTheEnd, step: .finished(3), actions: [], state: .pastTheEnd),
        Row(start: .quit, step: .finished(1), actions: [], state: .quit),
    ]

    /// Replays steps on a cursor and returns the actions of the last one.
    @discardableResult
    static func replay(_ cursor: inout ReadingCursor, _ steps: [Step]) -> [ReadingAction] {
        var actions: [ReadingAction] = []
        for step in steps {
            switch step {
            case let .command(command): actions = cursor.handle(command)
            case let .finished(id): actions = cursor.handle(.utteranceFinished(id: id))
            case let .interrupted(id): actions = cursor.handle(.utteranceInterrupted(id: id))
            }
        }
        return actions
    }

    static func actions(_ expected: [Expected], segments: [String], locale: SpokenLocale) -> [ReadingAction] {
        expected.map { action in
            switch action {
            case let .speak(id, segment): return .speak(ReadingUtterance(id: id, segment: segment, text: segments[segment], locale: locale))
            case .stop: return .stopSpeaking
            case .end: return .sayEndOfText(Phrasing.reading(.endOfText, locale: locale))
            }
        }
    }

    @Test(arguments: SpokenLocale.allCases, commands + events)
    func transitions(locale: SpokenLocale, row: Row) {
        let segments = Self.segments(locale)
        var cursor = ReadingCursor(segments: segments, locale: locale)
        Self.replay(&cursor, row.start.steps)
        let actions = Self.replay(&cursor, [row.step])
        #expect(actions == Self.actions(row.actions, segments: segments, locale: locale))
        #expect(cursor.state == row.state)
    }

    @Test(arguments: SpokenLocale.allCases)
    func readingThroughSpeaksEachSegmentOnceAndTheEndOnce(locale: SpokenLocale) {
        let segments = Self.segments(locale)
        var cursor = ReadingCursor(segments: segments, locale: locale)
        var spoken: [String] = []
        var ends: [String] = []
        var pending = cursor.handle(.resume)
        // The speech side: every utterance finishes, then next is pressed twice at the end.
        while !pending.isEmpty {
            var next: [ReadingAction] = []
            for action in pending {
                switch action {
                case let .speak(utterance):
                    spoken.append(utterance.text)
                    next += cursor.handle(.utteranceFinished(id: utterance.id))
                case let .sayEndOfText(sentence): ends.append(sentence)
                case .stopSpeaking: Issue.record("nothing was interrupted")
                }
            }
            pending = next
        }
        #expect(cursor.handle(.next) == [])
        #expect(cursor.handle(.next) == [])
        #expect(spoken == segments)
        #expect(ends == [Phrasing.reading(.endOfText, locale: locale)])
    }

    /// "next" cut utterance 1 off; its late "finished" must not skip segment 2 unheard.
    @Test func aStaleFinishedNeverAdvancesTwice() {
        var cursor = ReadingCursor(segments: Self.segments(.en), locale: .en)
        _ = cursor.handle(.resume)
        _ = cursor.handle(.next)
        #expect(cursor.handle(.utteranceFinished(id: 1)) == [])
        #expect(cursor.position == 1)
        #expect(cursor.handle(.utteranceFinished(id: 2)).first == .speak(ReadingUtterance(id: 3, segment: 2, text: Self.segments(.en)[2], locale: .en)))
    }

    @Test func blankSegmentsAreDroppedAndNoSegmentsEndAtOnce() {
        let cursor = ReadingCursor(segments: ["", " \n", "Only one.", "\t"], locale: .en)
        #expect(cursor.segments == [ReadingSegment("Only one.", locale: .en)])

        var empty = ReadingCursor(segments: [String](), locale: .es)
        #expect(empty.position == nil)
        #expect(empty.handle(.pause) == [])
        #expect(empty.handle(.back) == [.sayEndOfText(Phrasing.reading(.endOfText, locale: .es))])
        #expect(empty.state == .pastTheEnd)
        #expect(empty.handle(.back) == [])
        #expect(empty.handle(.repeat) == [])
    }
}
