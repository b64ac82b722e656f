/// Decides from the pulses of one band whether a pattern is sounding now.
///
/// A pattern is confirmed by one whole cycle: its pulses and short silences inside the
/// standard's tolerances, each pulse in band and `minimumMarginDecibels` out of the
/// background, preceded by silence at least as long as the long one (else it is part of
/// a longer group) and followed by the next group's first pulse after a long silence
/// inside its tolerance. The long silence is bounded on both sides because a microwave's
/// three beeps at the same spacing differ from temporal-three only by never starting again.
///
/// Once confirmed it stays reported while everything heard after that cycle keeps the
/// pattern's rhythm and nothing expected is late; the first pulse or silence out of step
/// ends it, and only a new whole cycle brings it back. Stateless: it reads the pulses the
/// tracker kept, so the same pulses always give the same answer.
public enum AlarmPatternMatcher {
    public struct Match: Equatable, Sendable {
        public var confidence: Double
        /// When the confirming cycle began, in seconds of the stream.
        public var cycleStart: Double
    }

    /// What an ongoing pulse's coarse timing (a frame each side) may add to a tolerance.
    static let ongoingAllowance = 0.02

    public static func match(_ pattern: AlarmPattern, band: AlarmBand, pulses: [TonePulse], ongoing: OngoingTone?,
                             now: Double, minimumMarginDecibels: Double) -> Match? {
        let count = pattern.pulseCount
        guard pulses.count > count else { return nil }
        var confirmed: (start: Int, confidence: Double)?
        for start in stride(from: pulses.count - count - 1, through: 0, by: -1) {
            if let confidence = cycle(pattern, band: band, pulses: pulses, from: start, minimumMarginDecibels: minimumMarginDecibels) {
                confirmed = (start, confidence)
                break
            }
        }
        guard let confirmed else { return nil }
        // Everything after the confirmed cycle keeps its rhythm.
        for index in (confirmed.start + count)..<pulses.count {
            let position = (index - confirmed.start) % count
            let silence = pulses[index].start - pulses[index - 1].end
            guard pattern.offBefore(position: position).accepts(silence), pattern.on.accepts(pulses[index].duration) else {
                return nil
            }
        }
        // And nothing expected is late as of now.
        let last = pulses[pulses.count - 1]
        let expected = pattern.offBefore(position: (pulses.count - confirmed.start) % count)
        let slack = ongoingAllowance + TimingWindow.measurementAllowance
        if let ongoing {
            let silence = ongoing.start - last.end
            guard silence >= expected.lower - slack, silence <= expected.upper + slack,
                  ongoing.lastHeard - ongoing.start <= pattern.on.upper + slack else { return nil }
        } else {
            guard now - last.end <= expected.upper + slack else { return nil }
        }
        return Match(confidence: confirmed.confidence, cycleStart: pulses[confirmed.start].start)
    }

    /// The confidence of the whole cycle whose first pulse is `pulses[first]`, or nil
    /// when it is not one.
    static func cycle(_ pattern: AlarmPattern, band: AlarmBand, pulses: [TonePulse], from first: Int,
                      minimumMarginDecibels: Double) -> Double? {
        let count = pattern.pulseCount
        let next = first + count
        guard first >= 0, next < pulses.count else { return nil }
        if first > 0, pulses[first].start - pulses[first - 1].end < pattern.longOff.lower - TimingWindow.measurementAllowance {
            return nil
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
