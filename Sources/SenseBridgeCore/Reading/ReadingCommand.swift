/// What the listener asked the reading cursor to do.
public enum ReadingCommand: CaseIterable, Hashable, Sendable {
    case next
    case back
    case `repeat`
    case pause
    case resume
    /// Pause when reading, resume when paused: the one-key control.
    case toggle
    case quit
}

/// What the speech output reported about an utterance the cursor asked for.
public enum ReadingEvent: Hashable, Sendable {
    /// The utterance was spoken to its end.
    case utteranceFinished(id: Int)
    /// The utterance was cut off before its end.
    case utteranceInterrupted(id: Int)
}

/// One segment handed to speech, with the id its events must carry.
public struct ReadingUtterance: Hashable, Sendable {
    /// Unique within one cursor; a new one for every time a segment is spoken.
    public let id: Int
    public let segment: Int
    public let text: String
    /// The segment's language (`ReadingSegment.locale`): the voice to speak it in.
    public let locale: SpokenLocale

    public init(id: Int, segment: Int, text: String, locale: SpokenLocale) {
        self.id = id
        self.segment = segment
        self.text = text
        self.locale = locale
    }
}

/// What the caller must do after a command or event, in order.
public enum ReadingAction: Hashable, Sendable {
    /// Speak this utterance and report `utteranceFinished` or `utteranceInterrupted`.
    case speak(ReadingUtterance)
    /// Interrupt whatever the cursor asked to be spoken.
    case stopSpeaking
    /// Say that the text has ended (the sentence is in the cursor's locale). Nothing
    /// waits on it, so no event is expected back.
    case sayEndOfText(String)
}
