import Foundation

/// The awareness pulse as a speech target plays it: one short sine tone, 16-bit mono.
///
/// A tone, not words. The pulse repeats every second while something stays within half a
/// metre; a sentence said again every second is the repetition that teaches a person to
/// stop listening (Invariant 7), and it would talk over the alert it repeats. A tone says
/// only "still close", at the band's rate, and is over before a word could start.
///
/// Pure: samples in memory, no device and no file, so every property below is tested with
/// plain values.
public enum PulseTone {
    /// A5. Above a voice's fundamental (roughly 85–255 Hz), so it is not heard as part of
    /// speech; inside the range where hearing is most sensitive and well below where
    /// age-related loss starts (2 kHz and up); and reproduced by small speakers and
    /// bone-conduction headsets, which drop the low end.
    public static let frequency = 880.0
    /// Long enough to be heard as a pitch rather than a click (pitch needs tens of
    /// milliseconds), short enough to sit between words and to take 8 % of the fastest
    /// band's second.
    public static let durationSeconds = 0.08
    /// A raised-cosine ramp at each end (about four cycles at 880 Hz). A tone that starts
    /// or stops at full amplitude splatters across the spectrum and is heard as a click,
    /// which is louder and harsher than the tone itself; a few milliseconds remove it
    /// without blunting the onset.
    public static let fadeSeconds = 0.005
    /// Peak at volume 100, as a fraction of full scale. A sine's RMS is its peak / √2, so
    /// 0.2 gives about 0.14: close to espeak-ng's own voice while it sounds (measured at
    /// volume 100: RMS about 0.12 of full scale, peaks near 0.7), so the tone is neither
    /// lost under speech nor a startle above it. Volume 200 doubles it without clipping.
    public static let peakAtNormalVolume = 0.2
    /// The speech target's volume setting that plays the tone at `peakAtNormalVolume`;
    /// the scale is linear, as espeak-ng's volume is.
    public static let normalVolume = 100
    /// The speech target's volume range; a value outside is clamped, never trapped on.
    public static let volumeRange = 0...200

    /// The tone at `sampleRate` for the speech target's `volume` (0…200, 100 normal).
    /// A non-positive rate gives no samples: the caller is in a render, which must not trap.
    public static func samples(sampleRate: Int, volume: Int) -> [Int16] {
        guard sampleRate > 0 else { return [] }
        let count = Int((durationSeconds * Double(sampleRate)).rounded())
        let fade = max(1, Int((fadeSeconds * Double(sampleRate)).rounded()))
        let clamped = min(max(volume, volumeRange.lowerBound), volumeRange.upperBound)
        let peak = peakAtNormalVolume * Double(clamped) / Double(normalVolume) * Double(Int16.max)
        let step = 2 * Double.pi * frequency / Double(sampleRate)
        return (0..<count).map { index in
            let value = peak * envelope(index, count: count, fade: fade) * sin(step * Double(index))
            return Int16(value.rounded())
        }
    }

    /// 0 at the first and last sample, rising and falling as half a cosine over `fade`
    /// samples, 1 in between.
    static func envelope(_ index: Int, count: Int, fade: Int) -> Double {
        let fromEdge = min(index, count - 1 - index)
        guard fromEdge < fade else { return 1 }
        return 0.5 - 0.5 * cos(Double.pi * Double(fromEdge) / Double(fade))
    }
}
