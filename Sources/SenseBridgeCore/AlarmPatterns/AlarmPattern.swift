/// A standard alarm signal: a group of equal pulses and a longer silence, repeated.
/// Sources and the reading of each number: docs/ALARM_PATTERNS.md.
public struct AlarmPattern: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case temporalThree
        case temporalFour
    }

    public var kind: Kind
    /// The sound identifier a confirmed pattern is reported as (SpokenVocabulary's).
    public var label: String
    public var pulseCount: Int
    public var on: TimingWindow
    /// Between two pulses of a group.
    public var shortOff: TimingWindow
    /// From a group's last pulse to the next group's first.
    public var longOff: TimingWindow

    /// ISO 8201 / ANSI S3.41 / NFPA 72 evacuation signal (smoke and fire): three pulses of
    /// 0.5 ± 0.05 s separated by 0.5 ± 0.05 s, then 1.5 ± 0.15 s off.
    public static let temporalThree = AlarmPattern(
        kind: .temporalThree, label: "smoke_alarm", pulseCount: 3,
        on: TimingWindow(nominal: 0.5, tolerance: 0.1), shortOff: TimingWindow(nominal: 0.5, tolerance: 0.1),
        longOff: TimingWindow(nominal: 1.5, tolerance: 0.1))

    /// UL 2034 / NFPA 720 carbon-monoxide signal: four pulses of 100 ms separated by 100 ms
    /// (± 10 %, as ISO 8201 states its own), then about 5 s off. The long silence is read
    /// widely: "5 s off" after the group (5.0-5.1 s, + 10 %) and devices documented as
    /// repeating the whole group every 5 s (4.3 s off, - 10 %) are both in.
    public static let temporalFour = AlarmPattern(
        kind: .temporalFour, label: "carbon_monoxide_alarm", pulseCount: 4,
        on: TimingWindow(nominal: 0.1, tolerance: 0.1), shortOff: TimingWindow(nominal: 0.1, tolerance: 0.1),
        longOff: TimingWindow(nominal: 5.0, lower: 3.87, upper: 5.61))

    public static let all: [AlarmPattern] = [.temporalThree, .temporalFour]

    /// The longest one cycle may last, pulses and silence at their upper limits.
    var longestCycle: Double {
        Double(pulseCount) * on.upper + Double(pulseCount - 1) * shortOff.upper + longOff.upper
    }

    /// The silence expected before the pulse at `position` of a group (0 is the first).
    func offBefore(position: Int) -> TimingWindow {
        position == 0 ? longOff : shortOff
    }
}
