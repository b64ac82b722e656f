import Foundation

/// Decides from the pulses of one band whether a pattern is sounding now.
///
/// A pattern is confirmed by one whole cycle: its pulses and short silences inside the
/// standard's tolerances, each pulse in band and `minimumMarginDecibels` out of the
/// background, not itself part of a longer group (a pulse in step just before it), and
/// followed by the next group's first pulse after a long silence inside its tolerance.
/// The long silence is bounded on both sides because a microwave's three beeps at the
/// same spacing differ from temporal-three only by never starting again.
///
/// Once confirmed it stays reported while everything heard after that cycle keeps the
/// pattern's rhythm and nothing expected is late; the first pulse or silence out of step
/// ends it, and only a new whole cycle brings it back. Stateless: it reads the pulses the
/// tracker kept, so the same pulses always give the same answer.
///
/// What counts as heard: pulses `minimumMarginDecibels` out of the band's background and
/// no more than `quieterDecibels` quieter than the cycle's first pulse. A burst of noise that
/// happened to peak in the band, or a faint beep elsewhere in the house, neither counts
/// as an alarm's pulse nor breaks an alarm's rhythm; a beeper as loud as the alarm does.
public enum AlarmPatternMatcher {
    public struct Match: Equatable, Sendable {
        public var confidence: Double
        /// When the confirming cycle began, in seconds of the stream.
        public var cycleStart: Double
    }

    /// What an ongoing pulse's coarse timing (a frame each side) may add to a tolerance.
    static let ongoingAllowance = 0.02
    /// How much quieter than the confirming cycle a pulse may be and still take part.
    public static let quieterDecibels = 10.0

    public static func match(_ pattern: AlarmPattern, band: AlarmBand, pulses heard: [TonePulse], ongoing: OngoingTone?,
                             now: Double, minimumMarginDecibels: Double) -> Match? {
        let clear = heard.filter { $0.signalToBackgroundDecibels >= minimumMarginDecibels }
        let count = pattern.pulseCount
        guard clear.count > count else { return nil }
        // The latest whole cycle decides; what came after it must keep its rhythm.
        for candidate in stride(from: clear.count - count - 1, through: 0, by: -1) {
            let reference = clear[candidate]
            let quietest = reference.power * Float(pow(10, -quieterDecibels / 10))
            let pulses = clear.filter { $0.power >= quietest }
            guard let first = pulses.firstIndex(of: reference),
                  let confidence = cycle(pattern, band: band, pulses: pulses, from: first, minimumMarginDecibels: minimumMarginDecibels)
            else { continue }
            let counted = ongoing.flatMap { $0.signalToBackgroundDecibels >= minimumMarginDecibels && $0.power >= quietest ? $0 : nil }
            guard keepsRhythm(pattern, pulses: pulses, after: first, ongoing: counted, now: now) else { return nil }
            return Match(confidence: confidence, cycleStart: reference.start)
        }
        return nil
    }

    /// Whether everything after the cycle starting at `pulses[first]` keeps the pattern's
    /// rhythm, and nothing expected is late as of `now`.
    static func keepsRhythm(_ pattern: AlarmPattern, pulses: [TonePulse], after first: Int, ongoing: OngoingTone?, now: Double) -> Bool {
        let count = pattern.pulseCount
        for index in (first + count)..<pulses.count {
            let position = (index - first) % count
            let silence = pulses[index].start - pulses[index - 1].end
            guard pattern.offBefore(position: position).accepts(silence), pattern.on.accepts(pulses[index].duration) else {
                return false
            }
        }
        let last = pulses[pulses.count - 1]
        let expected = pattern.offBefore(position: (pulses.count - first) % count)
        let slack = ongoingAllowance + TimingWindow.measurementAllowance
        if let ongoing {
            let silence = ongoing.start - last.end
            return silence >= expected.lower - slack && silence <= expected.upper + slack
                && ongoing.lastHeard - ongoing.start <= pattern.on.upper + slack
        }
        return now - last.end <= expected.upper + slack
    }

    /// The confidence of the whole cycle whose first pulse is `pulses[first]`, or nil
    /// when it is not one.
    static func cycle(_ pattern: AlarmPattern, band: AlarmBand, pulses: [TonePulse], from first: Int,
                      minimumMarginDecibels: Double) -> Double? {
        let count = pattern.pulseCount
        let next = first + count
        guard first >= 0, next < pulses.count else { return nil }
        if first > 0, pattern.shortOff.accepts(pulses[first].start - pulses[first - 1].end), pattern.on.accepts(pulses[first - 1].duration) {
            return nil   // one more pulse of the same group: a longer group than the pattern's
        }
        var fits: [Double] = []
        var weakestMargin = Double.infinity
        var bandFit = 0.0
        for index in first..<next {
            let pulse = pulses[index]
            guard pattern.on.accepts(pulse.duration), band.accepts(hertz: pulse.hertz) else { return nil }
            fits.append(pattern.on.fit(pulse.duration))
            weakestMargin = min(weakestMargin, pulse.signalToBackgroundDecibels - minimumMarginDecibels)
            bandFit += band.fit(hertz: pulse.hertz) / Double(count)
            let window = index == next - 1 ? pattern.longOff : pattern.shortOff
            let silence = pulses[index + 1].start - pulse.end
            guard window.accepts(silence) else { return nil }
            fits.append(window.fit(silence))
        }
        guard weakestMargin >= 0 else { return nil }
        let timing = fits.reduce(0, +) / Double(fits.count)
        return AlarmConfidence.confidence(timing: timing, marginDecibels: weakestMargin, band: bandFit)
    }
}
