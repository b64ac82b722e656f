import Foundation
import Testing
@testable import SenseBridgeCore

/// Pulse edges measured from 10 ms frames: temporal-four's tolerance is ± 10 ms, so the
/// measurement must be well inside that wherever a tone starts within a frame.
@Suite struct ToneTrackerTests {
    /// Every sub-frame offset of the start, in 1.25 ms steps, for both standard lengths.
    @Test(arguments: [0.1, 0.5])
    func edgesAreMeasuredWithinThreeMillisecondsWhereverTheToneStartsInAFrame(duration: Double) throws {
        for step in 0..<8 {
            let start = 0.5 + Double(step) * 0.00125
            var signal = AlarmSignal(seconds: 2)
            signal.add([.init(start: start, duration: duration)], hertz: 3100)
            var listener = AlarmListener()
            _ = listener.listen(signal.samples, sampleRate: AlarmSignal.sampleRate, channels: 1, continuesPrevious: true)
            let pulses = listener.pulses(in: .high)
            try #require(pulses.count == 1, "start \(start)")
            #expect(abs(pulses[0].start - start) < 0.003, "start \(start): measured \(pulses[0].start)")
            #expect(abs(pulses[0].duration - duration) < 0.003, "start \(start): measured \(pulses[0].duration)")
            #expect(abs(pulses[0].hertz - 3100) < 25)
        }
    }

    @Test func edgesHoldInNoiseTenDecibelsBelowTheTone() throws {
        var signal = AlarmSignal(seconds: 2)
        signal.add([.init(start: 0.503, duration: 0.1)], hertz: 3100)
        signal.addNoise(decibelsBelowTone: 10, seed: 7)
        var listener = AlarmListener()
        _ = listener.listen(signal.samples, sampleRate: AlarmSignal.sampleRate, channels: 1, continuesPrevious: true)
        let pulses = listener.pulses(in: .high)
        try #require(pulses.count == 1)
        #expect(abs(pulses[0].duration - 0.1) < 0.005, "measured \(pulses[0].duration)")
        #expect(pulses[0].signalToBackgroundDecibels > 20, "a 50 Hz Hann bin (75 Hz wide for noise) holds about a 107th of white noise")
    }

    /// Over a file's digital silence the band's background stops at -100 dB: a tone is
    /// measured as clear as that allows, never the 190 dB a zero floor would give.
    @Test func aToneOverDigitalSilenceIsMeasuredAgainstTheLowestFloor() throws {
        var signal = AlarmSignal(seconds: 2)
        signal.add([.init(start: 1.0, duration: 0.5)], hertz: 3100)
        var listener = AlarmListener()
        _ = listener.listen(signal.samples, sampleRate: AlarmSignal.sampleRate, channels: 1, continuesPrevious: true)
        let pulse = try #require(listener.pulses(in: .high).first)
        #expect(pulse.signalToBackgroundDecibels > 70 && pulse.signalToBackgroundDecibels < 100, "\(pulse.signalToBackgroundDecibels)")
    }

    /// A click shorter than half the shortest standard pulse is not a pulse, so it cannot
    /// break a pattern either.
    @Test func aBlipShorterThanFiftyMillisecondsIsNoPulse() {
        var signal = AlarmSignal(seconds: 1)
        signal.add([.init(start: 0.3, duration: 0.03)], hertz: 3100)
        var listener = AlarmListener()
        _ = listener.listen(signal.samples, sampleRate: AlarmSignal.sampleRate, channels: 1, continuesPrevious: true)
        #expect(listener.pulses(in: .high).isEmpty)
    }

    /// A tone outside the band, however clear, opens no pulse in it.
    @Test func aToneJustOutsideTheBandOpensNoPulse() {
        var signal = AlarmSignal(seconds: 1.5)
        signal.add([.init(start: 0.3, duration: 0.5)], hertz: 2550)
        signal.add([.init(start: 0.3, duration: 0.5)], hertz: 640)
        var listener = AlarmListener()
        _ = listener.listen(signal.samples, sampleRate: AlarmSignal.sampleRate, channels: 1, continuesPrevious: true)
        #expect(listener.pulses(in: .high).isEmpty)
        #expect(listener.pulses(in: .low).isEmpty)
    }
}
