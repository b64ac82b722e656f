import Foundation
import SenseBridgeCore
import Testing

/// The matcher on pulses written by hand: every tolerance at its limit and just beyond,
/// partial patterns, what may come before a cycle, and when a confirmed pattern ends.
@Suite struct AlarmPatternMatcherTests {
    static let margin = AlarmListener.Settings.defaultMarginDecibels
    /// Just past a limit: beyond what the measurement allowance forgives.
    static let beyond = TimingWindow.measurementAllowance + 0.004

    /// Cycles of `pattern` from t = 1 s, each pulse `decibels` over its background.
    static func pulses(_ pattern: AlarmPattern, cycles: Int, on: Double? = nil, shortOff: Double? = nil,
                       longOff: Double? = nil, decibels: Double = 30, hertz: Double = 3100) -> [TonePulse] {
        var time = 1.0
        var pulses: [TonePulse] = []
        for _ in 0..<cycles {
            for index in 0..<pattern.pulseCount {
                let duration = on ?? pattern.on.nominal
                pulses.append(TonePulse(start: time, end: time + duration, power: Float(pow(10, decibels / 10)) * 1e-6,
                                        backgroundPower: 1e-6, hertz: hertz))
                time += duration + (index == pattern.pulseCount - 1 ? longOff ?? pattern.longOff.nominal : shortOff ?? pattern.shortOff.nominal)
            }
        }
        return pulses
    }

    /// The match just after the last pulse ended.
    static func match(_ pattern: AlarmPattern, _ pulses: [TonePulse], band: AlarmBand = .high) -> AlarmPatternMatcher.Match? {
        AlarmPatternMatcher.match(pattern, band: band, pulses: pulses, ongoing: nil,
                                  now: (pulses.last?.end ?? 0) + 0.05, minimumMarginDecibels: margin)
    }

    /// Two whole cycles and the next one's first pulse: the least that confirms.
    static func confirming(_ pattern: AlarmPattern, on: Double? = nil, shortOff: Double? = nil, longOff: Double? = nil) -> [TonePulse] {
        Array(pulses(pattern, cycles: 2, on: on, shortOff: shortOff, longOff: longOff).prefix(pattern.pulseCount + 1))
    }

    enum Interval: String, CaseIterable { case on, shortOff, longOff }

    static func window(_ pattern: AlarmPattern, _ interval: Interval) -> TimingWindow {
        switch interval {
        case .on: return pattern.on
        case .shortOff: return pattern.shortOff
        case .longOff: return pattern.longOff
        }
    }

    static func confirming(_ pattern: AlarmPattern, _ interval: Interval, _ seconds: Double) -> [TonePulse] {
        switch interval {
        case .on: return confirming(pattern, on: seconds)
        case .shortOff: return confirming(pattern, shortOff: seconds)
        case .longOff: return confirming(pattern, longOff: seconds)
        }
    }

    @Test(arguments: AlarmPattern.all, Interval.allCases)
    func anIntervalAtEitherLimitOfItsToleranceIsAcceptedAndJustBeyondIsRefused(pattern: AlarmPattern, interval: Interval) {
        let window = Self.window(pattern, interval)
        for seconds in [window.lower, window.nominal, window.upper] {
            #expect(Self.match(pattern, Self.confirming(pattern, interval, seconds)) != nil, "\(interval) \(seconds) s")
        }
        for seconds in [window.lower - Self.beyond, window.upper + Self.beyond] {
            #expect(Self.match(pattern, Self.confirming(pattern, interval, seconds)) == nil, "\(interval) \(seconds) s")
        }
    }

    /// The standards' own numbers, so a change to a window is a change to this table.
    @Test func theWindowsAreTheStandards() {
        let three = AlarmPattern.temporalThree
        #expect([three.on.lower, three.on.upper, three.shortOff.lower, three.shortOff.upper, three.longOff.lower, three.longOff.upper]
            .map { ($0 * 1000).rounded() } == [450, 550, 450, 550, 1350, 1650])
        let four = AlarmPattern.temporalFour
        #expect([four.on.lower, four.on.upper, four.shortOff.lower, four.shortOff.upper, four.longOff.lower, four.longOff.upper]
            .map { ($0 * 1000).rounded() } == [90, 110, 90, 110, 3870, 5610])
        #expect(three.label == "smoke_alarm" && four.label == "carbon_monoxide_alarm")
    }

    @Test(arguments: AlarmPattern.all)
    func oneWholeCycleWithoutTheNextOnesStartConfirmsNothing(pattern: AlarmPattern) {
        let cycle = Array(Self.pulses(pattern, cycles: 1))
        #expect(Self.match(pattern, cycle) == nil)
        // Nor later, while the silence after it goes on.
        #expect(AlarmPatternMatcher.match(pattern, band: .high, pulses: cycle, ongoing: nil, now: cycle.last!.end + 1.4,
                                          minimumMarginDecibels: Self.margin) == nil)
    }

    @Test(arguments: AlarmPattern.all)
    func aGroupMissingAPulseIsNeverThePattern(pattern: AlarmPattern) {
        let short = Self.pulses(pattern, cycles: 6).enumerated().filter { $0.offset % pattern.pulseCount != 1 }.map(\.element)
        for count in 1...short.count {
            #expect(Self.match(pattern, Array(short.prefix(count))) == nil, "\(count) pulses")
        }
    }

    /// Four evenly spaced pulses and a long silence are not temporal-three's three,
    /// though the last three of them are timed like it.
    @Test func aLongerGroupIsNotTemporalThree() {
        let four = Self.pulses(.temporalThree, cycles: 3, shortOff: 0.5).enumerated().map { $0.element }
        var longer: [TonePulse] = []
        for (index, pulse) in four.enumerated() {
            longer.append(pulse)
            if index % 3 == 2 {
                // A fourth pulse 0.5 s after the third, shifting what follows.
                let extra = TonePulse(start: pulse.end + 0.5, end: pulse.end + 1.0, power: pulse.power,
                                      backgroundPower: pulse.backgroundPower, hertz: pulse.hertz)
                longer.append(extra)
            }
        }
        var shifted: [TonePulse] = []
        var offset = 0.0
        for (index, pulse) in longer.enumerated() {
            var moved = pulse
            moved.start += offset
            moved.end += offset
            shifted.append(moved)
            if index % 4 == 3 { offset += 1.0 }
        }
        for count in 1...shifted.count {
            #expect(Self.match(.temporalThree, Array(shifted.prefix(count))) == nil, "\(count) pulses")
        }
    }

    @Test func everyPulseMustStandOutOfItsBackgroundByTheMargin() {
        let weak = Array(Self.pulses(.temporalThree, cycles: 2, decibels: Self.margin - 0.5).prefix(4))
        #expect(Self.match(.temporalThree, weak) == nil)
        let enough = Array(Self.pulses(.temporalThree, cycles: 2, decibels: Self.margin + 0.01).prefix(4))
        #expect(Self.match(.temporalThree, enough) != nil)
    }

    /// A pulse under the margin, or clear but far quieter than the alarm (a burst of noise
    /// that peaked in the band), neither counts nor breaks the rhythm, finished or under
    /// way; one as loud as the alarm in the long silence does break it.
    @Test(arguments: [(AlarmPatternMatcherTests.margin - 2, true), (30 - AlarmPatternMatcher.quieterDecibels - 2, true), (30.0, false)])
    func aPulseInTheLongSilenceBreaksTheRhythmOnlyIfItIsClearAndAsLoud(decibels: Double, stillHeard: Bool) throws {
        var pulses = Array(Self.pulses(.temporalThree, cycles: 2).prefix(4))   // 30 dB each
        let gap = pulses[2].end + 0.6
        pulses.insert(TonePulse(start: gap, end: gap + 0.06, power: Float(pow(10, decibels / 10)) * 1e-6,
                                backgroundPower: 1e-6, hertz: 3100), at: 3)
        #expect((Self.match(.temporalThree, pulses) != nil) == stillHeard)
        let cycle = Array(pulses.prefix(3)) + [pulses[4]]
        let last = try #require(cycle.last)
        let ongoing = OngoingTone(start: last.end + 0.2, lastHeard: last.end + 0.25, power: Float(pow(10, decibels / 10)) * 1e-6,
                                  signalToBackgroundDecibels: decibels)
        #expect((AlarmPatternMatcher.match(.temporalThree, band: .high, pulses: cycle, ongoing: ongoing, now: last.end + 0.25,
                                           minimumMarginDecibels: Self.margin) != nil) == stillHeard)
    }

    @Test func aToneOutsideTheBandIsNotTheBandsPattern() {
        let outside = Array(Self.pulses(.temporalThree, cycles: 2, hertz: 2650).prefix(4))
        #expect(Self.match(.temporalThree, outside) == nil)
        let inside = Array(Self.pulses(.temporalThree, cycles: 2, hertz: 2700).prefix(4))
        #expect(Self.match(.temporalThree, inside) != nil)
    }

    @Test(arguments: AlarmPattern.all)
    func aConfirmedPatternLastsWhileItsRhythmGoesOnAndEndsWhenAPulseIsLate(pattern: AlarmPattern) throws {
        let all = Self.pulses(pattern, cycles: 4)
        let count = pattern.pulseCount
        // Every prefix from the confirming pulse on is still the pattern.
        for end in (count + 1)...all.count {
            #expect(Self.match(pattern, Array(all.prefix(end))) != nil, "\(end) pulses")
        }
        let heard = Array(all.prefix(count + 2))
        let last = try #require(heard.last)
        let expected = pattern.shortOff
        func match(now: Double, ongoing: Double? = nil, lastHeard: Double? = nil) -> AlarmPatternMatcher.Match? {
            let tone = ongoing.map { OngoingTone(start: $0, lastHeard: lastHeard ?? now, power: 1e-3, signalToBackgroundDecibels: 30) }
            return AlarmPatternMatcher.match(pattern, band: .high, pulses: heard, ongoing: tone, now: now, minimumMarginDecibels: Self.margin)
        }
        // Waiting for the next pulse of the group: fine until its silence is too long.
        #expect(match(now: last.end + expected.upper) != nil)
        #expect(match(now: last.end + expected.upper + 0.05) == nil)
        // A pulse that came on time but sounds too long ends it.
        let onTime = last.end + expected.nominal
        #expect(match(now: onTime + pattern.on.nominal, ongoing: onTime) != nil)
        #expect(match(now: onTime + pattern.on.upper + 0.05, ongoing: onTime) == nil)
        // One that has just stopped, within the tracker's bridged drop (up to 40 ms), is
        // timed to its last heard frame, not to now.
        #expect(match(now: onTime + pattern.on.nominal + 0.04, ongoing: onTime, lastHeard: onTime + pattern.on.nominal) != nil)
        // One that comes too early ends it.
        #expect(match(now: last.end + expected.lower - 0.05, ongoing: last.end + expected.lower - 0.05) == nil)
    }

    /// After the rhythm broke, an older whole cycle no longer counts: only a new one does.
    @Test func aBrokenRhythmNeedsANewWholeCycle() {
        var pulses = Self.pulses(.temporalThree, cycles: 5)
        pulses[5].end -= 0.2   // the second cycle's last pulse is cut short
        // Confirmed by the first cycle, then broken at the cut pulse.
        #expect(Self.match(.temporalThree, Array(pulses.prefix(4))) != nil)
        #expect(Self.match(.temporalThree, Array(pulses.prefix(6))) == nil)
        #expect(Self.match(.temporalThree, Array(pulses.prefix(9))) == nil)
        // The third cycle is whole: the fourth's first pulse confirms it again.
        #expect(Self.match(.temporalThree, Array(pulses.prefix(10))) != nil)
    }

    @Test func confidenceIsAboveTheFloorForAnyConfirmedCycleAndHighestAtTheNominalTiming() throws {
        let nominal = try #require(Self.match(.temporalThree, Self.confirming(.temporalThree))).confidence
        let edge = try #require(Self.match(.temporalThree, Self.confirming(.temporalThree, on: 0.45, shortOff: 0.55, longOff: 1.35))).confidence
        let weakest = try #require(Self.match(.temporalThree, Array(Self.pulses(.temporalThree, cycles: 2, on: 0.45, shortOff: 0.55,
                                                                                  longOff: 1.35, decibels: Self.margin + 0.01,
                                                                                  hertz: 2700).prefix(4)))).confidence
        #expect(nominal > 0.95)
        #expect(edge < nominal)
        #expect(weakest < edge)
        #expect(weakest >= AlarmConfidence.base)
        #expect(weakest > Certainty.precisionFloor)
    }
}
