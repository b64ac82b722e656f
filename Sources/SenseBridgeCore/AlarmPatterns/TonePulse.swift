import Foundation

/// One tone heard in one band, from its start to its end, in seconds of the stream.
public struct TonePulse: Equatable, Sendable {
    public var start: Double
    public var end: Double
    /// The tone's mean-square power (its median over the frames it filled).
    public var power: Float
    /// The band's background just before it: the tracked floor of that band.
    public var backgroundPower: Float
    /// Its mean frequency over the frames it sounded in band.
    public var hertz: Double

    public init(start: Double, end: Double, power: Float, backgroundPower: Float, hertz: Double) {
        self.start = start
        self.end = end
        self.power = power
        self.backgroundPower = backgroundPower
        self.hertz = hertz
    }

    public var duration: Double { end - start }

    /// How far the tone stood out of the band's own background.
    public var signalToBackgroundDecibels: Double {
        10 * log10(Double(max(power, .leastNormalMagnitude)) / Double(max(backgroundPower, .leastNormalMagnitude)))
    }
}

/// A tone still sounding (or within a bridged drop) as of the last frame: when it began
/// and when it was last heard, both to a frame.
public struct OngoingTone: Equatable, Sendable {
    public var start: Double
    public var lastHeard: Double
    /// Its loudest frame so far, as `TonePulse.power`.
    public var power: Float
    /// Its loudest frame so far over the band's background.
    public var signalToBackgroundDecibels: Double

    public init(start: Double, lastHeard: Double, power: Float, signalToBackgroundDecibels: Double) {
        self.start = start
        self.lastHeard = lastHeard
        self.power = power
        self.signalToBackgroundDecibels = signalToBackgroundDecibels
    }
}
