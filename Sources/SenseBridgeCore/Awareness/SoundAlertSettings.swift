/// How often a safety alert is said again, and how long a sound must be measured absent
/// before it is said to be no longer heard (`SoundAlerts`).
public struct SoundAlertSettings: Equatable, Sendable {
    /// Default 10 s. An alarm that goes on is a state the person must act on, so it is
    /// said again for anyone who missed the first sentence (another room, another
    /// sound over it); a spoken alert lasts about two seconds, so at this rate it never
    /// fills the channel, and reading that the alert cut off stays cut off between two.
    public static let defaultRepeatSeconds = 10.0
    /// Default 15 s. Alarms pause by design: a smoke alarm's temporal-three pattern is
    /// silent 1.5 s in every 4 s, a carbon-monoxide alarm's temporal-four 5 s in every
    /// 5.8 s, and a classifier in noise can miss a whole cycle. Fifteen seconds outlasts
    /// two missed carbon-monoxide cycles: "no longer heard" said in an alarm's pause,
    /// then the alert again, would teach the person to distrust both.
    public static let defaultGoneAfterSeconds = 15.0

    /// An alert is said again this often while the sound goes on (it was heard since it
    /// was last said). A value that is not a number of seconds ≥ 0 (NaN, negative,
    /// infinite) is taken as the default: a setting typed wrong must not silence an alarm.
    public var repeatSeconds: Double
    /// Measured silence of that sound, with the microphone working throughout, before it
    /// is said to be no longer heard. A value that is not a number of seconds ≥ 0 is taken
    /// as the default.
    public var goneAfterSeconds: Double

    public init(repeatSeconds: Double = SoundAlertSettings.defaultRepeatSeconds,
                goneAfterSeconds: Double = SoundAlertSettings.defaultGoneAfterSeconds) {
        self.repeatSeconds = repeatSeconds
        self.goneAfterSeconds = goneAfterSeconds
    }

    /// `repeatSeconds` on the host clock.
    var repeatNanoseconds: UInt64 { Self.nanoseconds(repeatSeconds, default: Self.defaultRepeatSeconds) }
    /// `goneAfterSeconds` on the host clock.
    var goneAfterNanoseconds: UInt64 { Self.nanoseconds(goneAfterSeconds, default: Self.defaultGoneAfterSeconds) }

    /// Total: a duration no clock can hold (over about 584 years) saturates.
    private static func nanoseconds(_ seconds: Double, default fallback: Double) -> UInt64 {
        let usable = seconds.isFinite && seconds >= 0 ? seconds : fallback
        let nanoseconds = (usable * 1e9).rounded()
        return nanoseconds >= 0x1p64 ? .max : UInt64(nanoseconds)
    }
}
