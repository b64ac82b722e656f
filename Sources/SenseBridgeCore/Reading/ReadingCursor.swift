/// The playback cursor over a document's segments: a pure state machine.
///
/// A cursor, not a queue: it hands out one segment, then waits for speech to say it was
/// spoken before handing out the next. That is what makes "next", "back" and "pause"
/// land between sentences as the listener heard them; a timer or a queued page would
/// drift from the voice on the first long sentence.
///
/// Every utterance has an id, and only an event for the utterance in progress moves the
/// cursor. A "finished" can arrive for a sentence a command already cut off (the
/// voice reached its end as "next" was pressed); taken at face value it would skip a
/// second sentence nobody heard.
///
/// The rules:
/// - reading: a finished utterance starts the next segment; past the last, the end of
///   the text is said once and the cursor waits past the end;
/// - "next", "back" and "repeat" stop the current utterance and read from the new
///   position, also from pause: a key press answered by silence cannot be told from a
///   missed one. "back" at the first segment repeats it;
/// - "pause" stops speech and keeps the position; "resume" reads that segment again from
///   its start, since a sentence resumed mid-way is hard to follow;
/// - an utterance interrupted from outside (an obstacle alert cuts reading off) pauses
///   at that segment: reading does not talk over whatever interrupted it, and resumes
///   when asked;
/// - past the end, "back" and "repeat" return to the last segment; "next", "resume",
///   "toggle" and "pause" do nothing, because the end was already said once and saying
///   it on every press would be a channel repeating itself;
/// - "quit" stops speech and ends the cursor; nothing moves it after that.
public struct ReadingCursor: Sendable {
    public enum State: Hashable, Sendable {
        /// Not speaking; "resume" reads `segment` from its start.
        case paused(segment: Int)
        /// Speaking `segment` as utterance `utterance`, waiting for it to finish.
        case reading(segment: Int, utterance: Int)
        /// The end of the text was said; "back" returns to the last segment.
        case pastTheEnd
        case quit
    }

    public let segments: [ReadingSegment]
    /// The person's locale: the end of the text is said in it, whatever the page's language.
    public let locale: SpokenLocale
    public private(set) var state: State = .paused(segment: 0)
    private var lastUtterance = 0

    /// Blank segments are dropped: an utterance with nothing to say would be a silence
    /// the listener has to wait through. The cursor starts paused at the first segment.
    public init(segments: [ReadingSegment], locale: SpokenLocale) {
        self.segments = segments.filter { $0.text.contains { !$0.isWhitespace } }
        self.locale = locale
    }

    /// Segments all in the person's locale.
    public init(segments: [String], locale: SpokenLocale) {
        self.init(segments: segments.map { ReadingSegment($0, locale: locale) }, locale: locale)
    }

    /// The segment the cursor is at, or nil past the end, after quitting, or when there
    /// is nothing to read.
    public var position: Int? {
        guard !segments.isEmpty else { return nil }
        switch state {
        case let .paused(segment), let .reading(segment, _): return segment
        case .pastTheEnd, .quit: return nil
        }
    }

    public mutating func handle(_ command: ReadingCommand) -> [ReadingAction] {
        switch (state, command) {
        case (.quit, _):
            return []
        case (.reading, .quit):
            state = .quit
            return [.stopSpeaking]
        case (_, .quit):
            state = .quit
            return []
        case (.reading, .resume), (.paused, .pause):
            return []
        case (.paused, _) where segments.isEmpty:
            // Nothing to read: the only true thing to say is that the text has ended.
            return endOfText()
        case let (.reading(segment, _), .next):
            return [.stopSpeaking] + advance(from: segment)
        case let (.paused(segment), .next):
            return advance(from: segment)
        case (.pastTheEnd, .next), (.pastTheEnd, .pause), (.pastTheEnd, .resume), (.pastTheEnd, .toggle):
            return []
        case let (.reading(segment, _), .back):
            return [.stopSpeaking] + speak(max(segment - 1, 0))
        case let (.paused(segment), .back):
            return speak(max(segment - 1, 0))
        case (.pastTheEnd, .back), (.pastTheEnd, .repeat):
            return segments.isEmpty ? [] : speak(segments.count - 1)
        case let (.reading(segment, _), .repeat):
            return [.stopSpeaking] + speak(segment)
        case let (.paused(segment), .repeat), let (.paused(segment), .resume), let (.paused(segment), .toggle):
            return speak(segment)
        case let (.reading(segment, _), .pause), let (.reading(segment, _), .toggle):
            state = .paused(segment: segment)
            return [.stopSpeaking]
        }
    }

    public mutating func handle(_ event: ReadingEvent) -> [ReadingAction] {
        guard case let .reading(segment, current) = state else { return [] }
        switch event {
        case let .utteranceFinished(id) where id == current:
            return advance(from: segment)
        case let .utteranceInterrupted(id) where id == current:
            state = .paused(segment: segment)
            return []
        case .utteranceFinished, .utteranceInterrupted:
            return []
        }
    }

    private mutating func advance(from segment: Int) -> [ReadingAction] {
        segment + 1 < segments.count ? speak(segment + 1) : endOfText()
    }

    private mutating func speak(_ segment: Int) -> [ReadingAction] {
        lastUtterance += 1
        state = .reading(segment: segment, utterance: lastUtterance)
        return [.speak(ReadingUtterance(id: lastUtterance, segment: segment, text: segments[segment].text,
                                        locale: segments[segment].locale))]
    }

    private mutating func endOfText() -> [ReadingAction] {
        state = .pastTheEnd
        return [.sayEndOfText(Phrasing.reading(.endOfText, locale: locale))]
    }
}
