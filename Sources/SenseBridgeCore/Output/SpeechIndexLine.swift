/// One line of `speech.jsonl`, the index of the WAV files the speech target wrote.
///
/// The index holds the number of characters spoken, not the text. Rationale: the WAV
/// already holds what was said; a plain-text copy beside it would put OCR'd letters,
/// labels and prescriptions where every desktop search indexer reads them. The count is
/// enough to tell a long utterance from a short one when reviewing a session.
public struct SpeechIndexLine: Equatable, Sendable {
    public var wallClock: Double
    public var message: OutputMessage
    /// The voice espeak-ng reports it used, e.g. "es"; nil for a tone (the awareness
    /// pulse), which no voice spoke. Written as JSON null rather than a made-up name, so a
    /// reader never takes "tone" for a voice espeak-ng has.
    public var voice: String?
    public var file: String
    public var durationSeconds: Double
    /// True when interrupt() cut the utterance short; the WAV holds what was spoken.
    public var interrupted: Bool

    public init(wallClock: Double, message: OutputMessage, voice: String?, file: String,
                durationSeconds: Double, interrupted: Bool) {
        self.wallClock = wallClock
        self.message = message
        self.voice = voice
        self.file = file
        self.durationSeconds = durationSeconds
        self.interrupted = interrupted
    }

    public var json: String {
        JSONText.object([
            ("time", JSONText.string(ISO8601Timestamp.string(secondsSince1970: wallClock))),
            ("sessionTime", JSONText.number(message.sessionTime)),
            ("sequence", String(message.sequence)),
            ("signal", JSONText.string(String(describing: message.signal))),
            ("urgent", message.isUrgent ? "true" : "false"),
            ("locale", JSONText.string(message.locale.rawValue)),
            ("voice", voice.map(JSONText.string) ?? "null"),
            ("characters", String(message.text.count)),
            ("file", JSONText.string(file)),
            ("durationSeconds", JSONText.number(durationSeconds)),
            ("interrupted", interrupted ? "true" : "false"),
        ])
    }
}
