import Foundation
import SenseBridgeCore
import Testing

/// The listener end to end on generated audio, in the host's 250 ms blocks: what it
/// confirms, how soon, for how long, and what it never takes for an alarm.
@Suite struct AlarmListenerTests {
    /// A T3 cycle lasts 4 s, a T4 one about 5.7 s: an alarm must be reported within one
    /// pattern and a second of its onset (the issue's measure).
    static func deadline(_ pattern: AlarmPattern, onset: Double) -> Double {
        onset + Double(pattern.pulseCount) * pattern.on.nominal + Double(pattern.pulseCount - 1) * pattern.shortOff.nominal
            + pattern.longOff.nominal + 1
    }

    struct Alarm: CustomTestStringConvertible, Sendable {
        var pattern: AlarmPattern
        var hertz: Double
        var square: Bool
        var band: AlarmBand.Kind
        var testDescription: String { "\(pattern.label) at \(hertz) Hz\(square ? " (square)" : "")" }
    }

    static let alarms = [
        Alarm(pattern: .temporalThree, hertz: 3100, square: false, band: .high),
        Alarm(pattern: .temporalThree, hertz: 520, square: true, band: .low),
        Alarm(pattern: .temporalFour, hertz: 3100, square: false, band: .high),
        Alarm(pattern: .temporalFour, hertz: 520, square: true, band: .low),
    ]

    @Test(arguments: alarms)
    func anAlarmIsReportedWithinOnePatternAndASecondEveryBlockWhileItSoundsAndNotAfter(alarm: Alarm) throws {
        let onset = 0.5
        let cycles = 3
        let tones = AlarmSignal.cycles(alarm.pattern, count: cycles, start: onset)
        let lastEnd = try #require(tones.last).start + alarm.pattern.on.nominal
        var signal = AlarmSignal(seconds: lastEnd + alarm.pattern.longOff.upper + 3)
        signal.add(tones, hertz: alarm.hertz, waveform: alarm.square ? .square : .sine)
        let stream = HeardStream(signal)

        #expect(stream.labels == [alarm.pattern.label])
        let first = try #require(stream.firstReport(alarm.pattern.label))
        #expect(first <= Self.deadline(alarm.pattern, onset: onset), "first reported at \(first) s")
        // From then on, every block until the last cycle's long silence ran out.
        let reporting = stream.blocks.filter { $0.end >= first && $0.end <= lastEnd + alarm.pattern.longOff.lower }
        #expect(reporting.allSatisfy { $0.heard.contains { $0.label == alarm.pattern.label && $0.band == alarm.band } })
        // And none once a whole long silence passed with no next group.
        let after = stream.blocks.filter { $0.end > lastEnd + alarm.pattern.longOff.upper + 0.1 }
        #expect(!after.isEmpty && after.allSatisfy { $0.heard.isEmpty })
        #expect(stream.confidences(alarm.pattern.label).allSatisfy { $0 > 0.9 })
    }

    /// Audio cut into blocks of any length gives the same findings as the whole at once.
    @Test func blockBoundariesChangeNothing() {
        // Three cycles from 0.5 s: at 10 s the third is under way.
        var signal = AlarmSignal(seconds: 10)
        signal.add(AlarmSignal.cycles(.temporalThree, count: 3), hertz: 3000)
        signal.addNoise(decibelsBelowTone: 10, seed: 3)
        var whole = AlarmListener()
        let expected = whole.listen(signal.samples, sampleRate: AlarmSignal.sampleRate, channels: 1, continuesPrevious: true)
        #expect(expected?.map(\.label) == ["smoke_alarm"])
        for blockLength in [1, 159, 160, 1001, 4000] {
            var listener = AlarmListener()
            var heard: [AlarmHeard]? = []
            var start = 0
            while start < signal.samples.count {
                let end = min(signal.samples.count, start + blockLength)
                heard = listener.listen(Array(signal.samples[start..<end]), sampleRate: AlarmSignal.sampleRate, channels: 1,
                                        continuesPrevious: true)
                start = end
            }
            #expect(heard == expected, "blocks of \(blockLength) samples")
        }
    }

    /// Through audio, the timing limits of each interval: at the limit still the pattern,
    /// well past it not (the matcher's tests hold the exact edges).
    @Test(arguments: [
        // (pattern, on, short off, long off, confirmed)
        (AlarmPattern.temporalThree, 0.45, 0.5, 1.5, true), (.temporalThree, 0.55, 0.5, 1.5, true),
        (.temporalThree, 0.5, 0.45, 1.5, true), (.temporalThree, 0.5, 0.55, 1.5, true),
        (.temporalThree, 0.5, 0.5, 1.35, true), (.temporalThree, 0.5, 0.5, 1.65, true),
        (.temporalThree, 0.42, 0.5, 1.5, false), (.temporalThree, 0.58, 0.5, 1.5, false),
        (.temporalThree, 0.5, 0.42, 1.5, false), (.temporalThree, 0.5, 0.58, 1.5, false),
        (.temporalThree, 0.5, 0.5, 1.3, false), (.temporalThree, 0.5, 0.5, 1.7, false),
        (.temporalFour, 0.09, 0.1, 5.0, true), (.temporalFour, 0.11, 0.1, 5.0, true),
        (.temporalFour, 0.1, 0.09, 5.0, true), (.temporalFour, 0.1, 0.11, 5.0, true),
        (.temporalFour, 0.1, 0.1, 3.9, true), (.temporalFour, 0.1, 0.1, 5.6, true),
        (.temporalFour, 0.08, 0.1, 5.0, false), (.temporalFour, 0.12, 0.1, 5.0, false),
        (.temporalFour, 0.1, 0.08, 5.0, false), (.temporalFour, 0.1, 0.12, 5.0, false),
        (.temporalFour, 0.1, 0.1, 3.7, false), (.temporalFour, 0.1, 0.1, 5.8, false),
    ])
    func timingAtTheLimitsIsHeardAndBeyondIsNot(pattern: AlarmPattern, on: Double, shortOff: Double, longOff: Double,
                                                confirmed: Bool) {
        let tones = AlarmSignal.cycles(pattern, count: 2, on: on, shortOff: shortOff, longOff: longOff)
        var signal = AlarmSignal(seconds: tones.last!.start + 1)
        signal.add(tones, hertz: 3100)
        signal.addNoise(decibelsBelowTone: 20, seed: 11)
        let stream = HeardStream(signal)
        #expect(stream.labels == (confirmed ? [pattern.label] : []))
    }

    @Test(arguments: AlarmPattern.all)
    func partialPatternsAreNeverReported(pattern: AlarmPattern) {
        // One pulse short in every group.
        let short = AlarmSignal.cycles(pattern, count: 4, pulsesPerCycle: pattern.pulseCount - 1)
        // A single whole cycle, then silence (an alarm silenced after one cycle).
        let single = AlarmSignal.cycles(pattern, count: 1)
        // A whole cycle cut off in the middle of the next group.
        let cut = Array(AlarmSignal.cycles(pattern, count: 2).prefix(pattern.pulseCount + 2))
        // Groups separated by only the short silence: a steady beat.
        let beat = AlarmSignal.every(pattern.on.nominal + pattern.shortOff.nominal, duration: pattern.on.nominal, count: 40)
        for (name, tones) in [("short", short), ("single", single), ("beat", beat)] {
            var signal = AlarmSignal(seconds: tones.last!.start + 8)
            signal.add(tones, hertz: 3100)
            #expect(HeardStream(signal).labels.isEmpty, "\(name)")
        }
        // The cut one is reported while its second group goes on, and only then.
        var signal = AlarmSignal(seconds: cut.last!.start + 8)
        signal.add(cut, hertz: 3100)
        let stream = HeardStream(signal)
        #expect(stream.reporting(pattern.label).allSatisfy { $0.end <= cut.last!.start + pattern.on.nominal + pattern.shortOff.upper + 0.3 })
    }

    /// An alarm heard from the middle of a cycle is confirmed by the next whole one.
    @Test func anAlarmJoinedInTheMiddleOfACycleIsConfirmedByTheNextWholeOne() throws {
        let tones = Array(AlarmSignal.cycles(.temporalThree, count: 4, start: -1.5).drop { $0.start < 0 })
        var signal = AlarmSignal(seconds: 14)
        signal.add(tones, hertz: 3100)
        let first = try #require(HeardStream(signal).firstReport("smoke_alarm"))
        // The first whole cycle starts at 2.5 s; its next group's first pulse ends at 7.0 s.
        #expect(first > 6.9 && first <= 7.5, "first reported at \(first) s")
    }

    @Test func twoAlarmsAtOnceAreBothReported() throws {
        var signal = AlarmSignal(seconds: 16)
        signal.add(AlarmSignal.cycles(.temporalThree, count: 3, start: 0.5), hertz: 3000)
        signal.add(AlarmSignal.cycles(.temporalFour, count: 2, start: 0.8), hertz: 520, waveform: .square)
        let stream = HeardStream(signal)
        #expect(stream.labels == ["smoke_alarm", "carbon_monoxide_alarm"])
        let both = stream.blocks.filter { Set($0.heard.map(\.label)) == ["smoke_alarm", "carbon_monoxide_alarm"] }
        #expect(!both.isEmpty)
        #expect(stream.blocks.flatMap(\.heard).allSatisfy {
            ($0.label == "smoke_alarm" && $0.band == .high) || ($0.label == "carbon_monoxide_alarm" && $0.band == .low)
        })
    }

    /// White noise at the given signal-to-noise ratio (tone power over noise power, the
    /// whole 0-8 kHz band): a 50 Hz Hann bin holds about a 107th of it, so even 0 dB is heard.
    @Test(arguments: [20.0, 10.0, 5.0, 0.0])
    func alarmsAreHeardInNoise(decibels: Double) throws {
        for (index, alarm) in Self.alarms.enumerated() {
            var signal = AlarmSignal(seconds: 14)
            signal.add(AlarmSignal.cycles(alarm.pattern, count: 2), hertz: alarm.hertz, waveform: alarm.square ? .square : .sine)
            signal.addNoise(decibelsBelowTone: decibels, seed: UInt64(index) + 100)
            let stream = HeardStream(signal)
            #expect(stream.labels == [alarm.pattern.label], "\(alarm.testDescription) at \(decibels) dB")
            let first = try #require(stream.firstReport(alarm.pattern.label), "\(alarm.testDescription) at \(decibels) dB")
            #expect(first <= Self.deadline(alarm.pattern, onset: 0.5))
        }
    }

    /// Confidence follows the margin: the same alarm in more noise is less sure, never
    /// below the base a whole pattern earns.
    @Test func confidenceFallsWithTheSignalToBackgroundRatio() throws {
        var confidences: [Double] = []
        for decibels in [20.0, 5.0, 0.0] {
            var signal = AlarmSignal(seconds: 10)
            signal.add(AlarmSignal.cycles(.temporalThree, count: 2), hertz: 3100)
            signal.addNoise(decibelsBelowTone: decibels, seed: 5)
            confidences.append(try #require(HeardStream(signal).confidences("smoke_alarm").first, "at \(decibels) dB"))
        }
        #expect(confidences[0] > confidences[1] && confidences[1] > confidences[2], "\(confidences)")
        #expect(confidences.allSatisfy { $0 >= AlarmConfidence.base })
    }

    @Test(arguments: [0.3, 1.0, 3.0])
    func noiseAloneIsNeverAnAlarm(amplitude: Double) {
        var signal = AlarmSignal(seconds: 60)
        signal.addNoise(decibelsBelowTone: 0, toneAmplitude: Float(amplitude), seed: 42)
        #expect(HeardStream(signal).labels.isEmpty)
    }

    /// Beeps in other rhythms, in both bands and at full level, are never an alarm.
    @Test func beepsInOtherRhythmsAreNeverConfirmed() {
        let others: [(String, [AlarmSignal.Tone], Double, AlarmSignal.Waveform)] = [
            // A microwave's three beeps at T3's exact first-cycle timing, then done.
            ("microwave, T3 timing, once", AlarmSignal.every(1.0, duration: 0.5, count: 3), 3100, .sine),
            // A microwave's reminder: three 0.3 s beeps a second apart every 10 s.
            ("microwave reminder", [0.5, 10.5, 20.5].flatMap { AlarmSignal.every(1.0, duration: 0.3, count: 3, start: $0) }, 3100, .sine),
            // An alarm clock: four 0.1 s beeps 0.1 s apart, then 0.6 s, over and over.
            ("alarm clock", (0..<20).flatMap { AlarmSignal.every(0.2, duration: 0.1, count: 4, start: 0.5 + Double($0) * 1.3) }, 3000, .sine),
            // A faster alarm clock in the low band.
            ("alarm clock, low", (0..<20).flatMap { AlarmSignal.every(0.2, duration: 0.1, count: 4, start: 0.5 + Double($0) * 1.3) }, 520, .square),
            // A steady 1 Hz beeper (0.5 on, 0.5 off).
            ("1 Hz beeper", AlarmSignal.every(1.0, duration: 0.5, count: 30), 3100, .sine),
            // North American ring: 440 + 480 Hz, 2 s on, 4 s off.
            ("North American ring", AlarmSignal.every(6, duration: 2, count: 5), 440, .dual(480)),
            // UK ring: 400 + 450 Hz, 0.4 on, 0.2 off, 0.4 on, 2 s off.
            ("UK ring", (0..<10).flatMap { [AlarmSignal.Tone(start: 0.5 + Double($0) * 3, duration: 0.4),
                                            AlarmSignal.Tone(start: 1.1 + Double($0) * 3, duration: 0.4)] }, 400, .dual(450)),
            // A ringtone's melody: notes of 0.25 s in both bands.
            ("melody", (0..<60).map { AlarmSignal.Tone(start: 0.5 + Double($0) * 0.3, duration: 0.25) }, 3100, .sine),
        ]
        for (name, tones, hertz, waveform) in others {
            var signal = AlarmSignal(seconds: (tones.last?.start ?? 0) + 8)
            signal.add(tones, hertz: hertz, waveform: waveform)
            #expect(HeardStream(signal).labels.isEmpty, "\(name)")
        }
    }

    /// A new stream (after a gap, an overrun or a restart) starts afresh: what was heard
    /// before it confirms nothing, and a whole new cycle is needed.
    @Test func aDiscontinuityStartsAfresh() throws {
        var signal = AlarmSignal(seconds: 20)
        signal.add(AlarmSignal.cycles(.temporalThree, count: 5), hertz: 3100)
        var listener = AlarmListener()
        let blockLength = AlarmSignal.sampleRate / 4
        var reports: [(end: Double, heard: Bool)] = []
        var start = 0
        while start < signal.samples.count {
            let end = min(signal.samples.count, start + blockLength)
            let heard = listener.listen(Array(signal.samples[start..<end]), sampleRate: AlarmSignal.sampleRate, channels: 1,
                                        continuesPrevious: start != 7 * AlarmSignal.sampleRate)
            reports.append((Double(end) / Double(AlarmSignal.sampleRate), heard?.isEmpty == false))
            start = end
        }
        #expect(reports.contains { $0.end < 7 && $0.heard })
        // From the restart at 7 s: the first whole cycle begins at 8.5 s, confirmed at 13.0 s.
        #expect(reports.filter { $0.end > 7 && $0.end < 12.9 }.allSatisfy { !$0.heard })
        #expect(reports.contains { $0.end > 12.9 && $0.end < 13.6 && $0.heard })
    }

    @Test func stereoIsHeardAsItsMix() {
        var signal = AlarmSignal(seconds: 10)
        signal.add(AlarmSignal.cycles(.temporalThree, count: 2), hertz: 3100)
        #expect(HeardStream(signal, channels: 2).labels == ["smoke_alarm"])
    }

    /// A rate other than the one asked for is still heard (the frames follow the rate).
    @Test func anotherSampleRateIsHeardToo() {
        var signal = AlarmSignal(seconds: 10)
        signal.add(AlarmSignal.cycles(.temporalThree, count: 3), hertz: 3100)
        // 16 kHz read as 48 kHz would put the tone at 9.3 kHz: resample by repetition instead.
        let tripled = signal.samples.flatMap { [$0, $0, $0] }
        var listener = AlarmListener()
        let heard = listener.listen(tripled, sampleRate: 48_000, channels: 1, continuesPrevious: true)
        #expect(heard?.map(\.label) == ["smoke_alarm"])
    }

    @Test func silenceAndGarbageAreNothing() {
        var listener = AlarmListener()
        #expect(listener.listen(Array(repeating: 0, count: 160_000), sampleRate: 16_000, channels: 1, continuesPrevious: true) == [])
        #expect(listener.listen(Array(repeating: .nan, count: 16_000), sampleRate: 16_000, channels: 1, continuesPrevious: true) == [])
        #expect(listener.listen(Array(repeating: .infinity, count: 16_000), sampleRate: 16_000, channels: 1, continuesPrevious: true) == [])
        #expect(listener.listen([], sampleRate: 16_000, channels: 1, continuesPrevious: true) == [])
        #expect(listener.listen([0.5, 0.5], sampleRate: 0, channels: 1, continuesPrevious: true) == [])
    }

    /// A block stopped part-way (cancel, deadline) gives nothing, and the stream has a
    /// hole: the next block starts afresh even if it says it continues.
    @Test func aStoppedBlockGivesNothingAndTheNextStartsAfresh() throws {
        var signal = AlarmSignal(seconds: 14)
        signal.add(AlarmSignal.cycles(.temporalThree, count: 4), hertz: 3100)
        let half = 6 * AlarmSignal.sampleRate
        var listener = AlarmListener()
        let before = listener.listen(Array(signal.samples[..<half]), sampleRate: AlarmSignal.sampleRate, channels: 1, continuesPrevious: true)
        #expect(before?.map(\.label) == ["smoke_alarm"])
        var asked = 0
        let stopped = listener.listen(Array(signal.samples[half..<(half + 3 * AlarmSignal.sampleRate)]), sampleRate: AlarmSignal.sampleRate,
                                      channels: 1, continuesPrevious: true, isStopped: { asked += 1; return true })
        #expect(stopped == nil)
        #expect(asked == 1, "asked once, at the first second of audio")
        // 9.0-9.25 s would still be the pattern had the stream gone on; after the hole it is not.
        let next = listener.listen(Array(signal.samples[(half + 3 * AlarmSignal.sampleRate)..<(half + 3 * AlarmSignal.sampleRate + 4000)]),
                                   sampleRate: AlarmSignal.sampleRate, channels: 1, continuesPrevious: true)
        #expect(next == [])
    }

    @Test func bandsCanBeLeftOut() {
        var signal = AlarmSignal(seconds: 10)
        signal.add(AlarmSignal.cycles(.temporalThree, count: 2), hertz: 520, waveform: .square)
        #expect(HeardStream(signal, settings: .init(bands: [.high])).labels.isEmpty)
        #expect(HeardStream(signal, settings: .init(bands: [.low])).labels == ["smoke_alarm"])
    }
}
