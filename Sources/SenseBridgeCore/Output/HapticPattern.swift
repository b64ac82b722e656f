/// One event of a haptic pattern, in Core Haptics' own terms so it encodes to AHAP
/// unchanged and a device that plays AHAP plays exactly what the log records.
///
/// Every value is clamped into AHAP's limits when the event is made. Rationale: Core
/// Haptics rejects a whole pattern for one out-of-range parameter, and a pattern that
/// fails to load is a cue the person never feels; clamping keeps the cue and its shape.
public struct HapticEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A single click; it has no duration of its own.
        case transient
        /// A sustained buzz lasting `duration` seconds.
        case continuous
    }

    /// AHAP refuses continuous events longer than this many seconds.
    public static let maximumContinuousDuration = 30.0
    /// A cue is a glance, not a recording: anything later than this is a programming
    /// error, clamped so the encoder stays total.
    public static let maximumTime = 3600.0
    /// The shortest continuous event that still reads as a buzz rather than a click.
    public static let minimumContinuousDuration = 0.01

    public let kind: Kind
    /// Seconds from the start of the pattern, ≥ 0.
    public let time: Double
    /// Seconds; 0 for a transient.
    public let duration: Double
    /// 0 (imperceptible) … 1 (the strongest the actuator can do).
    public let intensity: Double
    /// 0 (round, dull) … 1 (crisp, precise).
    public let sharpness: Double

    public static func transient(at time: Double, intensity: Double, sharpness: Double) -> HapticEvent {
        HapticEvent(kind: .transient, time: time, duration: 0, intensity: intensity, sharpness: sharpness)
    }

    public static func continuous(at time: Double, duration: Double, intensity: Double, sharpness: Double) -> HapticEvent {
        HapticEvent(kind: .continuous, time: time, duration: duration, intensity: intensity, sharpness: sharpness)
    }

    init(kind: Kind, time: Double, duration: Double, intensity: Double, sharpness: Double) {
        self.kind = kind
        self.time = Self.clamp(time, 0, Self.maximumTime, nan: 0)
        switch kind {
        case .transient:
            self.duration = 0
        case .continuous:
            self.duration = Self.clamp(duration, Self.minimumContinuousDuration, Self.maximumContinuousDuration,
                                       nan: Self.minimumContinuousDuration)
        }
        // NaN intensity becomes 0: an unknown strength is better felt as nothing than as a jolt.
        self.intensity = Self.clamp(intensity, 0, 1, nan: 0)
        self.sharpness = Self.clamp(sharpness, 0, 1, nan: 0.5)
    }

    private static func clamp(_ value: Double, _ low: Double, _ high: Double, nan: Double) -> Double {
        value.isNaN ? nan : min(max(value, low), high)
    }

    /// When the event stops being felt.
    public var end: Double { time + duration }
}

/// A named haptic cue: a short list of events ordered by time.
public struct HapticPattern: Equatable, Sendable {
    public let name: String
    /// Sorted by `time` (AHAP players expect it); equal times keep their given order.
    public let events: [HapticEvent]

    public init(name: String, events: [HapticEvent]) {
        self.name = name
        self.events = events.enumerated()
            .sorted { $0.element.time != $1.element.time ? $0.element.time < $1.element.time : $0.offset < $1.offset }
            .map(\.element)
    }

    /// Seconds from the first event's start to the last event's end.
    public var duration: Double { events.map(\.end).max() ?? 0 }
}
