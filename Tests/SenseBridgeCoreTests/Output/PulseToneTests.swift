import Testing
@testable import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// The awareness pulse's tone, measured from its samples rather than from the constants
/// that made it: a change of rule has to show up as a change in what is heard.
@Suite struct PulseToneTests {
    static let rate = 22_050

    static func frequency(_ samples: [Int16], sampleRate: Int) -> Double {
        TestSignals.zeroCrossingFrequency(samples, sampleRate: sampleRate)
    }

    static func peak(_ samples: [Int16]) -> Int { samples.map { abs(Int($0)) }.max() ?? 0 }

    @Test(arguments: [22_050, 16_000, 44_100])
    func lastsEightyMillisecondsAtAnyRate(rate: Int) {
        let tone = PulseTone.samples(sampleRate: rate, volume: 100)
        #expect(abs(Double(tone.count) / Double(rate) - 0.08) <= 1 / Double(rate))
        #expect(abs(Self.frequency(tone, sampleRate: rate) - 880) < 880 * 0.01, "at \(rate) Hz")
    }

    @Test func fadesInAndOutSoItDoesNotClick() {
        let tone = PulseTone.samples(sampleRate: Self.rate, volume: 200)
        let peak = Self.peak(tone)
        #expect(tone.first == 0 && tone.last == 0)
        // The first and last millisecond stay well under the peak: a ramp, not a step.
        let millisecond = Self.rate / 1000
        #expect(Self.peak(Array(tone.prefix(millisecond))) < peak / 5)
        #expect(Self.peak(Array(tone.suffix(millisecond))) < peak / 5)
        // No sample-to-sample jump is bigger than the sine itself makes at full amplitude.
        let steepest = zip(tone, tone.dropFirst()).map { abs(Int($1) - Int($0)) }.max() ?? 0
        let sineStep = Double(peak) * 2 * Double.pi * 880 / Double(Self.rate)
        #expect(Double(steepest) <= sineStep * 1.01)
        // The ramps are short: the middle 60 ms is a steady sine (RMS = peak / √2).
        let middle = tone[(Self.rate / 100)..<(tone.count - Self.rate / 100)].map(Double.init)
        let rms = (middle.map { $0 * $0 }.reduce(0, +) / Double(middle.count)).squareRoot()
        #expect(abs(rms / (Double(peak) / 2.0.squareRoot()) - 1) < 0.01)
    }

    @Test func peakScalesWithTheSpeechVolume() {
        let normal = Self.peak(PulseTone.samples(sampleRate: Self.rate, volume: 100))
        #expect(abs(Double(normal) / Double(Int16.max) - 0.2) < 0.005)
        let loud = Self.peak(PulseTone.samples(sampleRate: Self.rate, volume: 200))
        let quiet = Self.peak(PulseTone.samples(sampleRate: Self.rate, volume: 50))
        #expect(abs(Double(loud) / Double(normal) - 2) < 0.01)
        #expect(abs(Double(quiet) / Double(normal) - 0.5) < 0.01)
        #expect(loud < Int(Int16.max), "volume 200 does not clip")
    }

    @Test func volumeZeroIsSilenceOfTheSameLength() {
        let silent = PulseTone.samples(sampleRate: Self.rate, volume: 0)
        #expect(silent.count == PulseTone.samples(sampleRate: Self.rate, volume: 100).count)
        #expect(silent.allSatisfy { $0 == 0 })
    }

    /// A render must never trap, so values the settings already refuse are clamped or empty.
    @Test func outOfRangeValuesNeverTrap() {
        #expect(PulseTone.samples(sampleRate: Self.rate, volume: 500) == PulseTone.samples(sampleRate: Self.rate, volume: 200))
        #expect(PulseTone.samples(sampleRate: Self.rate, volume: -3).allSatisfy { $0 == 0 })
        #expect(PulseTone.samples(sampleRate: 0, volume: 100).isEmpty)
        #expect(PulseTone.samples(sampleRate: -22_050, volume: 100).isEmpty)
        #expect(PulseTone.samples(sampleRate: 1, volume: 100).allSatisfy { $0 == 0 })
    }
}
