/// One line of the haptic log (JSON Lines): when a cue fired and exactly what it was.
///
/// The message text is never written: the log records that a cue happened, not what was
/// said, so it can be shared for debugging without sharing what the person saw.
public enum HapticLogLine {
    /// `wallClock` is seconds since 1970 (UTC); the caller reads the clock, so this stays pure.
    public static func encode(wallClock: Double, message: OutputMessage, pattern: HapticPattern) -> String {
        JSONText.object([
            ("time", JSONText.string(ISO8601Timestamp.string(secondsSince1970: wallClock))),
            ("sessionTime", JSONText.number(message.sessionTime)),
            ("sequence", String(message.sequence)),
            ("signal", JSONText.string(String(describing: message.signal))),
            ("urgent", message.isUrgent ? "true" : "false"),
            ("pattern", JSONText.string(pattern.name)),
            ("ahap", pattern.ahapJSON()),
        ])
    }
}
