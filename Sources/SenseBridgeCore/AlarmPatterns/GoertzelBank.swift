import Foundation

/// The power at a few fixed frequencies of one windowed frame, by the Goertzel recurrence:
/// a few dozen bins cost far less than an FFT of every frame, which matters for a
/// detector that listens all day beside a classifier (goal: well under 10 % of a core).
struct GoertzelBank {
    let frequencies: [Double]
    private let coefficients: [Float]

    init(frequencies: [Double], sampleRate: Int) {
        self.frequencies = frequencies
        coefficients = frequencies.map { Float(2 * cos(2 * Double.pi * $0 / Double(sampleRate))) }
    }

    /// Writes into `powers` (one per frequency) the mean-square power of a sine at that
    /// frequency in `frame`, already windowed: a full-scale sine gives about 0.5.
    /// `windowSum` is the sum of the window's weights, which scales the estimate.
    func measure(_ frame: UnsafeBufferPointer<Float>, windowSum: Float, into powers: inout [Float]) {
        let scale = 2 / (windowSum * windowSum)
        for (bin, coefficient) in coefficients.enumerated() {
            var previous: Float = 0
            var beforePrevious: Float = 0
            for sample in frame {
                let current = sample + coefficient * previous - beforePrevious
                beforePrevious = previous
                previous = current
            }
            let squared = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
            powers[bin] = max(0, squared) * scale
        }
    }
}
