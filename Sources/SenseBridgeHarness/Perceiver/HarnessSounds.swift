import Foundation
import SenseBridgeCore

/// The sounds the harness plays a listening perceiver, at the rate and channels its
/// manifest asks for. Made here from arithmetic (a seeded generator for noise), so every
/// run on every machine hears the same samples and no check depends on a file.
struct HarnessSounds {
    let sampleRate: Int
    let channels: Int

    /// One block of `seconds` starting at `start`, every channel the same.
    func block(seconds: Double, start: UInt64, continues: Bool, _ sample: (Int) -> Float) -> AudioBlock {
        let frames = max(1, Int(Double(sampleRate) * seconds))
        var samples = [Float](repeating: 0, count: frames * channels)
        for frame in 0..<frames {
            let value = sample(frame)
            for channel in 0..<channels { samples[frame * channels + channel] = value }
        }
        return AudioBlock(sampleRate: sampleRate, channels: channels, samples: samples, firstSampleNanoseconds: start,
                          continuesPrevious: continues)
    }

    /// Quarter-second blocks of one stream, as a microphone session hands them: silence
    /// first, then noise, a tone, a clipped square, silence again; each with its name.
    /// Silence is nothing a listener may report; the rest it may or may not know.
    func stream(start: UInt64 = 1_000_000_000) -> [(name: String, block: AudioBlock)] {
        let seconds = 0.25
        let step = UInt64(seconds * 1e9)
        var noise = SeededNoise(seed: 0x5EB5)
        let rate = Float(sampleRate)
        let kinds: [(String, (Int) -> Float)] = [
            ("silence", { _ in 0 }),
            ("white noise at a quarter of full scale", { _ in noise.nextSigned() * 0.25 }),
            ("a 1 kHz tone at half scale", { Float(sin(2 * Double.pi * 1000 * Double($0) / Double(rate))) * 0.5 }),
            ("a 440 Hz square wave at full scale", { (Int(Float($0) * 440 * 2 / rate) % 2 == 0) ? 1 : -1 }),
            ("silence after sound", { _ in 0 }),
        ]
        return kinds.enumerated().map { index, kind in
            (kind.0, block(seconds: seconds, start: start + UInt64(index) * step, continues: index > 0, kind.1))
        }
    }

    /// The longest block the header allows (10 s) of noise: the long call a cancel
    /// must cut short.
    func long(scale: Int) -> AudioBlock {
        var noise = SeededNoise(seed: UInt64(scale))
        return block(seconds: min(10, 0.625 * Double(scale)), start: 1, continues: false) { _ in noise.nextSigned() * 0.3 }
    }
}

/// Noise from a 64-bit linear congruential step (Knuth's MMIX constants): the same
/// samples on every run, and plenty for a sound no listener should mistake for a tone.
struct SeededNoise {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// Uniform in -1...1, from the step's high bits (its low bits are weak).
    mutating func nextSigned() -> Float {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Float(state >> 40) / Float(1 << 23) - 1
    }
}
