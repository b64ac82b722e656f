/// One caption on screen: when it appears, when it goes, and its (at most two) lines.
/// Times are whole milliseconds so cue arithmetic never drifts and "never backwards" is
/// an exact comparison.
public struct CaptionCue: Equatable, Sendable {
    public var startMilliseconds: Int64
    public var endMilliseconds: Int64
    /// Plain text, unescaped; each line at most `CaptionLayout.maximumLineLength` characters.
    public var lines: [String]
    /// Part of a safety alert: written bold (`CaptionFormat.block`), so it stands out of
    /// the captions around it for someone who glances at the screen (Invariant 10).
    public var isAlert: Bool

    public init(startMilliseconds: Int64, endMilliseconds: Int64, lines: [String], isAlert: Bool = false) {
        self.startMilliseconds = startMilliseconds
        self.endMilliseconds = endMilliseconds
        self.lines = lines
        self.isAlert = isAlert
    }

    /// Whether a message of `signal` is captioned as an alert: a safety sound, whose words
    /// ("Alert: …") are not enough in a column of captions read at a glance. The mark is
    /// the safety alert's own, as its haptic pattern is; other captions stay as they were.
    public static func marksAlert(_ signal: OutputSignal) -> Bool {
        signal == .safetyAlert
    }
}
