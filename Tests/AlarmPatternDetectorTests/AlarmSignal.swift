import Foundation
import SenseBridgeCore
import SenseBridgeRepositoryTesting

/// Audio written in the test: tones switched on and off at given times over an optional
/// background, 16 kHz mono, reproducible from a seed.
struct AlarmSignal {
    static let sampleRate = 16_000

    enum Waveform {
        case sine
        /// Band-limited (odd harmonics up to Nyquist), as a 520 Hz sounder's square wave
        /// reaches a 16 kHz microphone.
        case square
        /// Two tones summed, as a telephone ring (440 + 480 Hz) is made.
        case dual(Double)
    }

    /// When a tone sounds, in seconds.
    struct Tone {
        var start: Double
        var duration: Double
    }

    var seconds: Double
    var samples: [Float]

    init(seconds: Double) {
        self.seconds = seconds
        samples = Array(repeating: 0, count: Int(seconds * Double(Self.sampleRate)))
    }

    /// Adds tones at `hertz` with peak `amplitude`, each with 2 ms raised-cosine edges
    /// (a sounder's ring-up), so edges are where the tone reaches half its amplitude.
    mutating func add(_ tones: [Tone], hertz: Double, waveform: Waveform = .sine, amplitude: Float = 0.3) {
        let rate = Double(Self.sampleRate)
        let ramp = 0.002
        let (table, repeatsPerSecond) = Self.period(waveform, hertz: hertz)
        let step = repeatsPerSecond / rate * Double(table.count)
        for tone in tones {
            let first = max(0, Int(((tone.start - ramp / 2) * rate).rounded()))
            let last = min(samples.count, Int(((tone.start + tone.duration + ramp / 2) * rate).rounded()))
            guard first < last else { continue }
            for index in first..<last {
                let time = Double(index) / rate
                let intoTone = time - (tone.start - ramp / 2)
                let leftOfEnd = tone.start + tone.duration + ramp / 2 - time
                let edge = min(1, min(intoTone, leftOfEnd) / ramp)
                let envelope = edge >= 1 ? 1 : 0.5 - 0.5 * cos(Double.pi * edge)
                // The phase runs from the stream's start, as a sounder's oscillator does.
                let phase = (Double(index) * step).truncatingRemainder(dividingBy: Double(table.count))
                samples[index] += Float(envelope) * table[Int(phase)] * amplitude
            }
        }
    }

    /// A table the waveform repeats, and how often a second: one period in 4096 steps,
    /// or for a dual tone one whole second (both of its whole-hertz tones fit in it).
    /// Generating from a table keeps the tests' own work small beside the listener's.
    static func period(_ waveform: Waveform, hertz: Double) -> (table: [Float], repeatsPerSecond: Double) {
        switch waveform {
        case .dual(let second):
            let rate = Double(sampleRate)
            let table = (0..<sampleRate).map { index in
                let time = Double(index) / rate
                return Float(0.5 * (sin(2 * Double.pi * hertz * time) + sin(2 * Double.pi * second * time)))
            }
            return (table, 1)
        case .sine, .square:
            let length = 4096
            return ((0..<length).map { Float(wave(waveform, hertz: hertz, phase: Double($0) / Double(length))) }, hertz)
        }
    }

    /// The waveform at `phase` (0..<1 of a period).
    static func wave(_ waveform: Waveform, hertz: Double, phase: Double) -> Double {
        switch waveform {
        case .sine, .dual:
            return sin(2 * Double.pi * phase)
        case .square:
            var sum = 0.0
            var harmonic = 1.0
            while harmonic * hertz < Double(sampleRate) / 2 {
                sum += sin(2 * Double.pi * harmonic * phase) / harmonic
                harmonic += 2
            }
            return sum * 4 / Double.pi / 1.18   // about the same peak as a sine
        }
    }

    /// White Gaussian noise whose power is `decibels` below a sine of peak `toneAmplitude`.
    mutating func addNoise(decibelsBelowTone decibels: Double, toneAmplitude: Float = 0.3, seed: UInt64) {
        let tonePower = Double(toneAmplitude * toneAmplitude) / 2
        let deviation = (tonePower / pow(10, decibels / 10)).squareRoot()
        var generator = SeededGenerator(seed: seed)
        for index in samples.indices {
            let u1 = max(Double.leastNonzeroMagnitude, Double.random(in: 0..<1, using: &generator))
            let u2 = Double.random(in: 0..<1, using: &generator)
            samples[index] += Float(deviation * (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2))
        }
    }

    /// Tones in the rhythm of `pattern`'s cycles from `start`; each on and off may be set
    /// apart from the standard (nil keeps the nominal duration).
    static func cycles(_ pattern: AlarmPattern, count: Int, start: Double = 0.5, on: Double? = nil,
                       shortOff: Double? = nil, longOff: Double? = nil, pulsesPerCycle: Int? = nil) -> [Tone] {
        let onSeconds = on ?? pattern.on.nominal
        let shortSeconds = shortOff ?? pattern.shortOff.nominal
        let longSeconds = longOff ?? pattern.longOff.nominal
        var tones: [Tone] = []
        var time = start
        for _ in 0..<count {
            let pulses = pulsesPerCycle ?? pattern.pulseCount
            for pulse in 0..<pulses {
                tones.append(Tone(start: time, duration: onSeconds))
                time += onSeconds + (pulse == pulses - 1 ? longSeconds : shortSeconds)
            }
        }
        return tones
    }

    /// Tones every `period` seconds, each `duration` long.
    static func every(_ period: Double, duration: Double, count: Int, start: Double = 0.5) -> [Tone] {
        (0..<count).map { Tone(start: start + Double($0) * period, duration: duration) }
    }
}

/// What a listener said after each block of a stream.
struct HeardStream {
    struct Block {
        var end: Double
        var heard: [AlarmHeard]
    }

    var blocks: [Block]

    /// Streams `signal` through a fresh listener in blocks of `blockSeconds` (the host's
    /// default is 250 ms).
    init(_ signal: AlarmSignal, blockSeconds: Double = 0.25, settings: AlarmListener.Settings = .init(), channels: Int = 1) {
        var listener = AlarmListener(settings: settings)
        let blockLength = Int(blockSeconds * Double(AlarmSignal.sampleRate))
        blocks = []
        var start = 0
        while start < signal.samples.count {
            let end = min(signal.samples.count, start + blockLength)
            var block = Array(signal.samples[start..<end])
            if channels > 1 { block = block.flatMap { Array(repeating: $0, count: channels) } }
            let heard = listener.listen(block, sampleRate: AlarmSignal.sampleRate, channels: channels, continuesPrevious: true) ?? []
            blocks.append(Block(end: Double(end) / Double(AlarmSignal.sampleRate), heard: heard))
            start = end
        }
    }

    /// The blocks that reported `label`.
    func reporting(_ label: String) -> [Block] {
        blocks.filter { $0.heard.contains { $0.label == label } }
    }

    /// When `label` was first reported (a block's end), or nil.
    func firstReport(_ label: String) -> Double? {
        reporting(label).first?.end
    }

    var labels: Set<String> {
        Set(blocks.flatMap { $0.heard.map(\.label) })
    }

    func confidences(_ label: String) -> [Double] {
        blocks.flatMap { $0.heard.filter { $0.label == label }.map(\.confidence) }
    }
}
