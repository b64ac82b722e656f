/// A standard alarm pattern sounding as of the end of the audio heard so far.
public struct AlarmHeard: Equatable, Sendable {
    public var pattern: AlarmPattern.Kind
    public var band: AlarmBand.Kind
    /// The pattern's sound identifier ("smoke_alarm", "carbon_monoxide_alarm").
    public var label: String
    public var confidence: Double
}
